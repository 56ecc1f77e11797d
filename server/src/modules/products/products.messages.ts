export const PRODUCT_NOT_FOUND = 'Product not found.';
