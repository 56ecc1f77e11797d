import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The SDK must not need a DOM: the session tests pass their own Storage.
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
