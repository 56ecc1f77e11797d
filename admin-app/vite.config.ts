import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contentSecurityPolicy } from '../scripts/vite/content-security-policy.mts';

const port = 5173;

export default defineConfig({
  // The router plugin must run before react() so it can split route files first.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), contentSecurityPolicy()],
  server: { port, strictPort: true },
  preview: { port, strictPort: true },
  // The manifest lets scripts/bench/admin-bundle.mjs add up what each route loads.
  build: { outDir: 'dist', manifest: true },
});
