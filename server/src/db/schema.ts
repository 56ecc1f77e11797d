// The database's shape, gathered from the modules: each table is defined beside the module that writes it
// (`modules/<module>/<module>.schema.ts`). drizzle-kit, the migrations and the client read this file, and so does
// every other piece of code that needs a table: only schema files import each other (for foreign keys).
// A few tables have no one module: the stores (vendor accounts written by several modules) and the request
// layers' own tables (http, auth) stay here in db/.
//
// Money is always integer minor units (cents) in the row's currency; the API turns it into decimals. Enum values are
// spelt as the contract spells them.

export * from '../modules/activity/activity.schema.ts';
export * from '../modules/analytics/analytics.schema.ts';
export * from '../modules/api-calls/api-calls.schema.ts';
export * from '../modules/b2c/b2c.schema.ts';
export * from '../modules/backups/backups.schema.ts';
export * from '../modules/campaigns/campaigns.schema.ts';
export * from '../modules/carts/carts.schema.ts';
export * from '../modules/claims/claims.schema.ts';
export * from '../modules/customers/customers.schema.ts';
export * from '../modules/disputes/disputes.schema.ts';
export * from '../modules/forwarding/forwarding.schema.ts';
export * from '../modules/mail/mail.schema.ts';
export * from '../modules/marketing/marketing.schema.ts';
export * from '../modules/media/media.schema.ts';
export * from '../modules/messages/messages.schema.ts';
export * from '../modules/order-lifecycle/order-lifecycle.schema.ts';
export * from '../modules/orders/orders.schema.ts';
export * from '../modules/payments/payments.schema.ts';
export * from '../modules/pricing/pricing.schema.ts';
export * from '../modules/products/products.schema.ts';
export * from '../modules/recommendations/recommendations.schema.ts';
export * from '../modules/returns/returns.schema.ts';
export * from '../modules/reviews/reviews.schema.ts';
export * from '../modules/roles/roles.schema.ts';
export * from '../modules/security/security.schema.ts';
export * from '../modules/settings/settings.schema.ts';
export * from '../modules/stats/stats.schema.ts';
export * from '../modules/suppliers/suppliers.schema.ts';
export * from '../modules/vendor-earnings/vendor-earnings.schema.ts';
export * from '../modules/wishlist/wishlist.schema.ts';
export * from './requests.schema.ts';
export * from './stores.schema.ts';
