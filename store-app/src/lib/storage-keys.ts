/** Browser storage keys of the storefront (the token key is shared with the other apps' conventions). */
export const USER_TOKEN_KEY = 'shop.userToken';
export const SETTINGS_KEY = 'shop.settings';
export const CART_KEY = 'shop.cart';
/** When this browser last showed the storefront popup (Marketing & Content), so it waits its N days. */
export const POPUP_SEEN_KEY = 'shop.popupSeen';
