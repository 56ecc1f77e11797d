import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The files the PostgreSQL 15 pass runs (scripts/test.sh: `with-postgres.sh … --config vitest.postgres.config.ts`).
 * Every file runs on PGlite; PGlite is the same PostgreSQL in-process, so SQL that works there works on a server
 * too. A file is listed here when what it proves depends on the engine around the SQL:
 * - concurrency: requests racing for a row lock, an advisory lock or a unique key (PGlite has one connection, so
 *   it serialises them and the race never happens);
 * - the node-postgres driver: its pool, its connection errors, and how it turns timestamps, dates and JSON
 *   computed in SQL into values;
 * - faults, restarts, several instances, migrations and seeding under lock, snapshots, the job queue;
 * - full-text search (PGlite bundles a newer PostgreSQL than the 15 in production).
 * Add a file when it tests one of these; a file that only reads and writes through the API does not qualify.
 */
export const POSTGRES_FILES = [
  // Faults and several instances: need a server whose connections can be cut and that can restart.
  'src/test/reliability/database-outage.test.ts',
  'src/test/reliability/database-restart.test.ts',
  'src/test/reliability/idempotency-faults.test.ts',
  'src/test/scale-out/two-instances.test.ts',
  'src/modules/health/health.test.ts',
  // Migrations and seeding under an advisory lock; exports streamed through a cursor in a repeatable-read
  // snapshot and restored through a temporary table.
  'src/db/migrate-lock.test.ts',
  'src/db/seed/seed-demo-data.test.ts',
  'src/modules/backups/backups.test.ts',
  // Queues claiming rows with FOR UPDATE SKIP LOCKED.
  'src/jobs/job-queue.test.ts',
  'src/modules/mail/mail.sender.test.ts',
  // Races: row locks (orders, refunds, coupons), advisory locks (login throttle, store e-mail), unique keys.
  'src/modules/orders/orders.test.ts',
  'src/modules/orders/orders.status.test.ts',
  'src/modules/refunds/refunds.test.ts',
  'src/modules/campaigns/campaigns.test.ts',
  'src/modules/vendors/vendors.test.ts',
  'src/modules/staff/staff.test.ts',
  'src/modules/wishlist/wishlist.test.ts',
  // Review photos: the five-photo limit under the review's row lock. Recently viewed: merges capped under the
  // shopper's row lock, timestamps computed in SQL (greatest) read back through the driver.
  'src/modules/reviews/review-photos.test.ts',
  // Claims: one open claim per parcel (partial unique index), photos under the claim's lock, refunds under the
  // order's lock, reshipment numbers under the order's lock.
  'src/modules/claims/claims.test.ts',
  'src/modules/recommendations/recommendations.test.ts',
  'src/modules/carts/carts.test.ts',
  'src/auth/login-throttle.test.ts',
  'src/http/idempotency.test.ts',
  // A change and its activity entry roll back together (a trigger refusing the entry, raw SQL).
  'src/modules/activity/activity.atomic.test.ts',
  // Shoppers' order counts kept by triggers on orders (upserts on one row per shopper), read back through the driver.
  'src/modules/b2c/b2c.test.ts',
  // Dates grouped in SQL (`at time zone`, intervals) and JSON operators, read back through the driver.
  'src/modules/stats/stats.test.ts',
  // A rate's mark to the microsecond (clock_timestamp) compared through the driver; a rate written while a pass
  // runs on another connection.
  'src/modules/pricing/price-sort-keys.test.ts',
  'src/modules/analytics/analytics.test.ts',
  'src/modules/payment-reports/payment-reports.test.ts',
  'src/modules/security/security.test.ts',
  'src/modules/reviews/reviews.test.ts',
  'src/modules/media/media.library.test.ts',
  // Full-text search (to_tsquery over a generated tsvector).
  'src/modules/products/products.test.ts',
  // Triggers keeping the stored USD price, the sort indexes' order, pg_trgm's close matches in every script.
  'src/modules/products/products.scale.test.ts',
  // Facets' capped counts, jsonb SKU properties, trigram suggestions and "did you mean" read through the driver.
  'src/modules/products/products.search.test.ts',
  // Searched words looked up by their start in byte order (text_pattern_ops), whatever the database's collation.
  'src/modules/products/products.search-terms.test.ts',
  // Trigram order search, the activity log's filter choices from its indexes.
  'src/modules/orders/orders.admin.test.ts',
  // Duty rules in jsonb read back through the driver, and the landed cost charged in an order's transaction.
  'src/modules/orders/orders.landed-cost.test.ts',
  'src/modules/activity/activity.test.ts',
  // Sitemaps' last changes from max() over timestamps and unnest() over arrays, read back through the driver.
  'src/modules/seo/seo.test.ts',
  // Supplier alerts: one open alert per key through a partial unique index (ON CONFLICT … WHERE), the alert's
  // row lock when staff decide, and the role swap under the one-per-role expression index.
  'src/modules/suppliers/suppliers.test.ts',
  // Supplier parcels: placement under the order's row lock, jsonb carrier scans and timestamps compared in SQL
  // (tracking cadence, silence alerts, fraud-review delay), read back through the driver.
  'src/modules/forwarding/forwarding.parcels.test.ts',
  'src/modules/forwarding/forwarding.test.ts',
];

// A renamed or deleted file would otherwise silently drop out of the PostgreSQL pass.
const missing = POSTGRES_FILES.filter((file) => !existsSync(new URL(file, import.meta.url)));
if (missing.length > 0)
  throw new Error(`vitest.postgres.config.ts lists missing files: ${missing.join(', ')}`);

export default defineConfig({ ...base, test: { ...base.test, include: POSTGRES_FILES } });
