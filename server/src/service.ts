import type { Redis } from 'ioredis';
import type { LoginThrottle } from './auth/login-throttle.ts';
import type { TokenService } from './auth/tokens.ts';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { OperationId } from './http/contract-types.ts';
import { notImplemented } from './http/errors.ts';
import { idempotent, type Replay } from './http/idempotency.ts';
import type { OperationHandler } from './http/operation.ts';
import { createOutboundClient, type OutboundClient } from './http/outbound.ts';
import type { ShortCache } from './http/short-cache.ts';
import { secretBoxFor } from './lib/secret-box.ts';
import { createActivityHandlers } from './modules/activity/activity.handlers.ts';
import { createAdminHandlers } from './modules/admins/admins.handlers.ts';
import { createAnalyticsHandlers } from './modules/analytics/analytics.handlers.ts';
import { createB2cHandlers } from './modules/b2c/b2c.handlers.ts';
import { createBackupHandlers } from './modules/backups/backups.handlers.ts';
import { exportStore } from './modules/backups/index.ts';
import { createCampaignHandlers } from './modules/campaigns/campaigns.handlers.ts';
import { createCartHandlers } from './modules/carts/carts.handlers.ts';
import { cartLinks } from './modules/carts/index.ts';
import { createClaimHandlers } from './modules/claims/claims.handlers.ts';
import { createCourierHandlers } from './modules/couriers/couriers.handlers.ts';
import { createAccountHandlers } from './modules/customers/account.handlers.ts';
import { createCustomerHandlers } from './modules/customers/customers.handlers.ts';
import { createOAuthHandlers } from './modules/customers/oauth.handlers.ts';
import { createDisputeHandlers, replayOpenedDispute } from './modules/disputes/disputes.handlers.ts';
import { createMarketplaceHandlers } from './modules/dropshipping/dropshipping.handlers.ts';
import { createMarketplaceIntegrationHandlers } from './modules/dropshipping/dropshipping.integration.handlers.ts';
import { createFactoryHandlers } from './modules/factories/factories.handlers.ts';
import { createForwardingHandlers } from './modules/forwarding/forwarding.handlers.ts';
import { createHealthHandlers } from './modules/health/health.handlers.ts';
import { createMarketingHandlers } from './modules/marketing/marketing.handlers.ts';
import type { MarketplaceAdapter } from './modules/marketplace/index.ts';
import type { MediaStore } from './modules/media/index.ts';
import { createMediaHandlers } from './modules/media/media.handlers.ts';
import { createMessageHandlers } from './modules/messages/messages.handlers.ts';
import { createAdminOrderHandlers, replayCreatedOrder } from './modules/orders/orders.admin.handlers.ts';
import { createOrderHandlers, replayPlacedOrder } from './modules/orders/orders.handlers.ts';
import { createLandedCostHandlers } from './modules/orders/orders.landed.handlers.ts';
import { createOrderStatusHandlers } from './modules/orders/orders.status.handlers.ts';
import { createPaymentReportHandlers } from './modules/payment-reports/payment-reports.handlers.ts';
import type { PaymentGateways } from './modules/payments/index.ts';
import { createPaymentHandlers } from './modules/payments/payments.handlers.ts';
import type { PriceSortKeeper } from './modules/pricing/index.ts';
import { createPricingHandlers } from './modules/pricing/pricing.handlers.ts';
import { createProductHandlers } from './modules/products/products.handlers.ts';
import { createRecommendationHandlers } from './modules/recommendations/recommendations.handlers.ts';
import { createRefundHandlers, replayCreatedRefund } from './modules/refunds/refunds.handlers.ts';
import { createReturnHandlers } from './modules/returns/returns.handlers.ts';
import { createReviewHandlers } from './modules/reviews/reviews.handlers.ts';
import { createRoleHandlers } from './modules/roles/roles.handlers.ts';
import { createSignInGuard } from './modules/security/index.ts';
import { createSecurityHandlers } from './modules/security/security.handlers.ts';
import { createSeoHandlers } from './modules/seo/seo.handlers.ts';
import { createSettingsHandlers } from './modules/settings/settings.handlers.ts';
import { createStoreSettingsHandlers } from './modules/settings/store-settings.handlers.ts';
import { createStaffHandlers } from './modules/staff/staff.handlers.ts';
import { createStatsHandlers } from './modules/stats/stats.handlers.ts';
import { createSupplierHandlers } from './modules/suppliers/suppliers.handlers.ts';
import { createUserHandlers } from './modules/users/users.handlers.ts';
import { createVendorEarningsHandlers } from './modules/vendor-earnings/vendor-earnings.handlers.ts';
import { createVendorOrderHandlers } from './modules/vendor-orders/vendor-orders.handlers.ts';
import { createVendorProductHandlers } from './modules/vendor-products/vendor-products.handlers.ts';
import { createVendorHandlers } from './modules/vendors/vendors.handlers.ts';
import { createFollowedStoreHandlers } from './modules/wishlist/followed-stores.handlers.ts';
import { createWishlistHandlers } from './modules/wishlist/wishlist.handlers.ts';

export interface ServiceDeps {
  config: AppConfig;
  database: DatabaseHandle;
  tokens: TokenService;
  throttle: LoginThrottle;
  marketplace: MarketplaceAdapter;
  payments: PaymentGateways;
  /** Shoppers' product lists reused for a moment; none in tests that build the service alone. */
  catalogueCache?: ShortCache;
  /** Where uploads are kept; the data folder when absent. */
  media?: MediaStore;
  /** The Redis the sign-in throttles are shared through, when configured; the health check pings it. */
  redis?: Pick<Redis, 'ping'> | null;
  /** The guarded client for addresses staff can set (courier, rates provider); one without a log when absent. */
  outbound?: OutboundClient;
  /** Reworks products' price sort keys after a rate write; none in tests that build the service alone. */
  priceSortKeys?: PriceSortKeeper;
}

/** Creating operations a client may retry: they honour `Idempotency-Key` (the contract declares the header). */
export const IDEMPOTENT_OPERATIONS = [
  'placeOrder',
  'createAdminOrder',
  'createRefund',
  'createDispute',
] as const satisfies readonly OperationId[];

/** Operations of the contract that have no handler yet; each answers 501. Implementing one removes it here. */
export const NOT_IMPLEMENTED_OPERATIONS: readonly OperationId[] = [];

function notImplementedHandler(operationId: OperationId): OperationHandler {
  return async () => {
    throw notImplemented(`${operationId} is not implemented yet`);
  };
}

/**
 * The service object fastify-openapi-glue routes to: one method per operationId of the contract.
 * Its type names every operationId, so a new operation in openapi.yaml fails the type check until it is
 * either implemented or listed as not implemented.
 */
export function createService(deps: ServiceDeps): Record<OperationId, OperationHandler> {
  const { config, database, tokens, throttle, marketplace, payments } = deps;
  const db = database.db;
  const secrets = secretBoxFor(config);
  const outbound = deps.outbound ?? createOutboundClient({ allow: config.outboundAllowHosts });
  const guard = createSignInGuard({ db, throttle, config });
  const implemented = {
    ...createHealthHandlers({ database, redis: deps.redis ?? null }),
    ...createAdminHandlers({ db, tokens, guard, secrets }),
    ...createSecurityHandlers({ db, throttle, guard, secrets }),
    ...createCustomerHandlers({ db, tokens, throttle, guard }),
    ...createAccountHandlers({ db }),
    ...createOAuthHandlers({ db, tokens, config }),
    ...createSettingsHandlers({ db }),
    ...createStoreSettingsHandlers({ db }),
    ...createBackupHandlers({ db, store: exportStore(config) }),
    ...createB2cHandlers({ db }),
    ...createFactoryHandlers({ db }),
    ...createAnalyticsHandlers({ db }),
    ...createStatsHandlers({ db }),
    ...createProductHandlers({ db, cache: deps.catalogueCache }),
    ...createMarketplaceHandlers({ db, marketplace }),
    ...createMarketplaceIntegrationHandlers({ db, marketplace, config }),
    ...createCourierHandlers({ db, secrets, outbound }),
    ...createPricingHandlers({
      db,
      ratesUrl: config.currencyRatesUrl,
      outbound,
      ...(deps.priceSortKeys ? { priceSortKeys: deps.priceSortKeys } : {}),
    }),
    ...createMediaHandlers({ db, config, ...(deps.media ? { media: deps.media } : {}) }),
    ...createMarketingHandlers({ db }),
    ...createOrderHandlers({
      db,
      payments,
      publicUrl: config.publicUrl,
      quoteDelivery: (query) => marketplace.getDeliveryOptions(query),
    }),
    ...createLandedCostHandlers({ db, quoteDelivery: (query) => marketplace.getDeliveryOptions(query) }),
    ...createPaymentHandlers({ db, payments, storeUrl: config.storeUrl }),
    ...createAdminOrderHandlers({ db }),
    ...createOrderStatusHandlers({ db, payments }),
    ...createCampaignHandlers({ db }),
    ...createWishlistHandlers({ db }),
    ...createCartHandlers({ db, links: cartLinks(config.tokenSecret, config.tokenSecretPrevious) }),
    ...createFollowedStoreHandlers({ db }),
    ...createReviewHandlers({ db, config, ...(deps.media ? { media: deps.media } : {}) }),
    ...createRecommendationHandlers({ db }),
    ...createRefundHandlers({ db, payments }),
    ...createPaymentReportHandlers({ db }),
    ...createReturnHandlers({ db }),
    ...createClaimHandlers({
      db,
      config,
      marketplace,
      payments,
      ...(deps.media ? { media: deps.media } : {}),
    }),
    ...createForwardingHandlers({ db, marketplace }),
    ...createSupplierHandlers({ db, marketplace }),
    ...createDisputeHandlers({ db, config }),
    ...createActivityHandlers({ db }),
    ...createRoleHandlers({ db }),
    ...createUserHandlers({ db, tokens, config }),
    ...createStaffHandlers({ db }),
    ...createVendorHandlers({
      db,
      tokens,
      throttle,
      guard,
      config,
      ...(deps.media ? { media: deps.media } : {}),
    }),
    ...createVendorProductHandlers({ db }),
    ...createVendorOrderHandlers({ db }),
    ...createVendorEarningsHandlers({ db }),
    ...createMessageHandlers({ db, storeUrl: config.storeUrl, vendorUrl: config.vendorUrl }),
    ...createSeoHandlers({ db, storeUrl: config.storeUrl }),
  } satisfies Partial<Record<OperationId, OperationHandler>>;

  const pending = Object.fromEntries(
    NOT_IMPLEMENTED_OPERATIONS.map((id) => [id, notImplementedHandler(id)]),
  ) as Partial<Record<OperationId, OperationHandler>>;

  // How each answers a retry whose first attempt created something but lost its answer.
  const replays: Record<(typeof IDEMPOTENT_OPERATIONS)[number], Replay> = {
    placeOrder: replayPlacedOrder(db),
    createAdminOrder: replayCreatedOrder(db),
    createRefund: replayCreatedRefund(db),
    createDispute: replayOpenedDispute(db),
  };
  const retrySafe = Object.fromEntries(
    IDEMPOTENT_OPERATIONS.map((id) => [
      id,
      idempotent(db, id, implemented[id], {
        replay: replays[id],
        ...(config.idempotencyLeaseMs === undefined ? {} : { leaseMs: config.idempotencyLeaseMs }),
      }),
    ]),
  ) as Record<(typeof IDEMPOTENT_OPERATIONS)[number], OperationHandler>;

  return { ...pending, ...implemented, ...retrySafe } satisfies Record<OperationId, OperationHandler>;
}
