import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './src/test/slow-first.ts';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Builds the migrated (and the seeded) PGlite database once; each test file starts from a copy.
    globalSetup: ['./src/test/global-setup.ts'],
    // Each file opens its own database; starting one is CPU-bound, so more workers than cores only thrash.
    maxWorkers: 2,
    // Files share their worker: each opens and closes its own database and app, and loading the server's code
    // once per worker instead of once per file saves about a third of the suite's CPU (measured: 193 s against
    // 278 s for 27 files; the whole suite passes this way).
    isolate: false,
    sequence: { sequencer: SlowFirstSequencer },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
