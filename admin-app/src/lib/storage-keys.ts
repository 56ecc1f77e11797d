/** Browser storage key of the admin token (docs/conventions.md). */
export const ADMIN_TOKEN_KEY = 'shop.adminToken';
