import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * Every file of the suite on PostgreSQL 15, the engine a store runs at scale (scripts/test.sh:
 * `with-postgres.sh … --config vitest.postgres.config.ts`, which sets TEST_DATABASE_URL to a throwaway cluster).
 * The files whose proof depends on the embedded engine run on PGlite as well (vitest.pglite.config.ts).
 */
if (!process.env.TEST_DATABASE_URL)
  throw new Error(
    'vitest.postgres.config.ts runs on TEST_DATABASE_URL: start it through scripts/with-postgres.sh',
  );

// Three files at a time: on PostgreSQL a file spends part of its time waiting on the server's own processes and on
// timers (the job queue, the fault tests), so two workers left about a third of the 2-core machine idle (measured
// on the whole suite: 182 s with two, 151 s with three, the processors then busy throughout).
export default defineConfig({ ...base, test: { ...base.test, maxWorkers: 3 } });
