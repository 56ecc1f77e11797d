/** Spec §5 and §8 texts, written once so the screens and their tests cannot drift apart. */
export const ADDED_TO_CART = 'Product added to cart!';
export const CANNOT_ADD_TO_CART =
  'Cannot add to cart: Please select a valid option and ensure quantity is positive and in stock.';
export const CANNOT_ORDER =
  "Please select a product option and ensure it's in stock with a valid quantity before ordering.";
export const PRODUCT_FAILED = 'Product not found or failed to load.';
export const PRODUCTS_FAILED = 'Failed to load products.';
export const NO_MATCHING_SKU = 'No matching variation found. Please change options.';
export const NO_DELIVERY_OPTIONS = 'No delivery options found for your location.';
