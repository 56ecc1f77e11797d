import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // The kit's components keep no module state, and the setup file (run again before every file) unmounts what a
    // test rendered; so a worker reuses Mantine and the DOM across files instead of loading them once per file,
    // which was two thirds of the suite's CPU time.
    isolate: false,
  },
});
