// The marketplace adapter's entry: the interface, its implementations and the product normaliser. What the store
// does with the marketplace (import, sync, delivery quotes) is the dropshipping module, above products and orders.
export { createMarketplace } from './create-marketplace.ts';
export { FIXTURE_IMAGES_DIR } from './fixture-marketplace.ts';
export { MARKETPLACE_ACTIONS } from './marketplace.activity.ts';
export type {
  AeProductResult,
  AeSku,
  CarrierEvent,
  DeliveryOption,
  DeliveryQuery,
  MarketplaceAdapter,
  SupplierDispute,
  SupplierDisputeRequest,
  SupplierOrderRequest,
  SupplierTracking,
} from './marketplace.types.ts';
export { MarketplaceError } from './marketplace-error.ts';
export { type NormalizedProduct, normalizeMarketplaceProduct, toMinorUnits } from './normalize.ts';
export { addressProblem } from './supplier-orders.ts';
