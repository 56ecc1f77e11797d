import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The files scripts/test.sh runs on PGlite, the embedded default, after every file has run on PostgreSQL 15
 * (vitest.postgres.config.ts). PGlite is the same PostgreSQL compiled to WebAssembly and run in-process (a newer
 * major version), behind its own driver and on one connection; a file is listed when what it proves depends on
 * that engine around the SQL:
 * - its start and its files: migrations and seeding, exports and restores, the health check's probe;
 * - its one connection: the job queue and the mail it sends share it with the requests, and a transaction (an
 *   order, a refund, a claim, a change with its activity entry) must never wait on a query of its own;
 * - its driver: how timestamps, dates, numbers and JSON computed in SQL come back as values;
 * - its newer PostgreSQL: full-text search, pg_trgm, byte-order prefixes, and text holding NUL or half an emoji.
 * Races for a row lock, an advisory lock or a unique key need several connections, so they are PostgreSQL's alone.
 * Every browser journey also runs on PGlite (the journeys' shops), and without PostgreSQL 15 on the machine
 * `npm test` runs every file on PGlite (vitest.config.ts).
 */
export const PGLITE_FILES = [
  // Its start and its files.
  'src/modules/health/health.test.ts',
  'src/db/seed/seed-demo-data.test.ts',
  'src/modules/backups/backups.test.ts',
  // Its one connection: the queue beside the requests, and transactions that must not wait on themselves.
  'src/jobs/job-queue.test.ts',
  'src/modules/mail/mail.sender.test.ts',
  'src/modules/orders/orders.test.ts',
  'src/modules/refunds/refunds.test.ts',
  'src/modules/claims/claims.test.ts',
  'src/modules/carts/carts.test.ts',
  'src/modules/activity/activity.atomic.test.ts',
  // Its driver: counts kept by triggers, dates grouped `at time zone`, JSON operators, timestamps to the
  // microsecond, max() and unnest(), read back as values.
  'src/modules/b2c/b2c.test.ts',
  'src/modules/stats/stats.test.ts',
  'src/modules/pricing/price-sort-keys.test.ts',
  'src/modules/analytics/analytics.test.ts',
  'src/modules/payment-reports/payment-reports.test.ts',
  'src/modules/reviews/reviews.test.ts',
  'src/modules/media/media.library.test.ts',
  'src/modules/orders/orders.admin.test.ts',
  'src/modules/orders/orders.landed-cost.test.ts',
  'src/modules/activity/activity.test.ts',
  'src/modules/seo/seo.test.ts',
  'src/modules/suppliers/suppliers.test.ts',
  'src/modules/forwarding/forwarding.parcels.test.ts',
  'src/modules/forwarding/forwarding.test.ts',
  // Its newer PostgreSQL: full-text search, pg_trgm's close matches in every script, text_pattern_ops prefixes,
  // and odd text (NUL, lone surrogates) and pictures declaring huge sizes (docs/reliability.md).
  'src/modules/products/products.test.ts',
  'src/modules/products/products.scale.test.ts',
  'src/modules/products/products.search.test.ts',
  'src/modules/products/products.search-terms.test.ts',
  'src/http/odd-input.test.ts',
  'src/modules/media/media.pixels.test.ts',
];

// A renamed or deleted file would otherwise silently drop out of the PGlite pass.
const missing = PGLITE_FILES.filter((file) => !existsSync(new URL(file, import.meta.url)));
if (missing.length > 0) throw new Error(`vitest.pglite.config.ts lists missing files: ${missing.join(', ')}`);
// This pass is the embedded engine's, whatever a developer's shell exports.
delete process.env.TEST_DATABASE_URL;

export default defineConfig({ ...base, test: { ...base.test, include: PGLITE_FILES } });
