/** The vendor panel's address (its own app and domain); the storefront links applicants to its sign-in. */
export const VENDOR_URL = (import.meta.env.VITE_VENDOR_URL ?? 'http://localhost:5175').replace(/\/+$/, '');

export const VENDOR_LOGIN_URL = `${VENDOR_URL}/login`;
