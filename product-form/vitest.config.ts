import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    setupFiles: ['@shop/ui/test-setup'],
    include: ['src/**/*.test.{ts,tsx}'],
    // The form keeps no module state and the setup file unmounts what a test rendered, so files share their
    // worker (Mantine loads once).
    isolate: false,
  },
});
