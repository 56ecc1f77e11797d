// The products module's entry for other code; its handlers are wired in service.ts.
export { CATEGORY_FILTERS } from './products.categories.ts';
export { shopperVisible, visibleToShoppers } from './products.filters.ts';
export { importErrors, importedProduct, skuDetailsOf } from './products.input.ts';
export { listProducts } from './products.listing.ts';
export { PRODUCT_NOT_FOUND } from './products.messages.ts';
export {
  deleteProducts,
  effectiveStatus,
  findImportedProduct,
  findProduct,
  findProductByAnyId,
  noteDeliveryTo,
  type ProductRow,
  productValues,
  skusOf,
  upsertImportedProduct,
} from './products.repository.ts';
export { catalogueStaff } from './products.rules.ts';
export { withSearchTerms } from './products.search-terms.ts';
export { conversionFor, productDetail, toListItem } from './products.view.ts';
export { createFromForm, updateFromForm } from './products.write.ts';
