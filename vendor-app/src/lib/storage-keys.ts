/** The vendor's session token key (docs/conventions.md). */
export const VENDOR_TOKEN_KEY = 'shop.vendorToken';
