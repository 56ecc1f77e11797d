/** Browser storage keys of the storefront (the token key is shared with the other apps' conventions). */
export const USER_TOKEN_KEY = 'shop.userToken';
export const SETTINGS_KEY = 'shop.settings';
export const CART_KEY = 'shop.cart';
/** Whose server cart this device's cart was last kept with (kept after sign-out, so signing back in adds nothing twice). */
export const CART_OWNER_KEY = 'shop.cartOwner';
/** The products this device viewed, newest first, and whose account they were last merged into. */
export const RECENTLY_VIEWED_KEY = 'shop.recentlyViewed';
/** When this browser last showed the storefront popup (Marketing & Content), so it waits its N days. */
export const POPUP_SEEN_KEY = 'shop.popupSeen';
