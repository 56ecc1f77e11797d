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
  },
});
