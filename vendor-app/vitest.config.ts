import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    setupFiles: ['@shop/ui/test-setup', './src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Tests render whole routes; on the 2-core CI machine a busy moment can pass the 5 s default.
    testTimeout: 15_000,
    // Files share their worker, so Mantine, the router and the test libraries load once per worker rather than once
    // per file (more than half of the suite's time). The setup files reset what a file leaves behind: the session,
    // storage, the fetch stub and rendered trees. Two workers: the CI machine has two cores.
    isolate: false,
    maxWorkers: 2,
  },
});
