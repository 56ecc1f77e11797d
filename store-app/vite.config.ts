import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { contentSecurityPolicy } from '../scripts/vite/content-security-policy.mts';

const port = 5174;

// Libraries every page starts with get chunks of their own, so an app release does not re-download them. Only
// modules of the first load ('$initial') are grouped; the rest stay with the lazy screens that use them.
const vendorChunks = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  {
    name: 'router',
    test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/,
  },
  {
    name: 'query',
    test: /node_modules[\\/](@tanstack[\\/](query-core|react-query)|openapi-fetch|openapi-react-query)[\\/]/,
  },
  { name: 'mantine', test: /node_modules[\\/](@mantine|react-transition-group|clsx)[\\/]/ },
];

/**
 * src/app/mantine-styles.ts imports Mantine's styles per component. Every Mantine component carries a
 * `<Name>.module.mjs` (its class names); the build stops when one is bundled without `styles/<Name>.css`.
 */
function mantineStylesGuard(): Plugin {
  return {
    name: 'mantine-styles-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const ids = Object.values(bundle)
        .flatMap((output) => (output.type === 'chunk' ? Object.keys(output.modules) : []))
        .map((id) => id.replaceAll('\\', '/'));
      const styles = new Set(ids.flatMap((id) => id.match(/@mantine\/core\/styles\/(\w+)\.css$/)?.[1] ?? []));
      const used = ids.flatMap(
        (id) => id.match(/@mantine\/core\/esm\/components\/.+\/(\w+)\.module\.mjs$/)?.[1] ?? [],
      );
      const missing = [...new Set(used)].filter((name) => !styles.has(name));
      if (missing.length > 0) {
        const files = missing.map((name) => `@mantine/core/styles/${name}.css`).join(', ');
        this.error(`Mantine styles missing from src/app/mantine-styles.ts: ${files}`);
      }
    },
  };
}

/**
 * Puts the API's address where index.html asks for it (`__SHOP_API_URL__`, used by its start-up script), and opens
 * the connections to the API (which also serves product images) while the page's scripts download.
 */
function apiAddressInHtml(apiUrl: string): Plugin {
  return {
    name: 'api-address-in-html',
    transformIndexHtml(html) {
      const withAddress = html.replaceAll('__SHOP_API_URL__', JSON.stringify(apiUrl).slice(1, -1));
      // A relative API address is the page's own origin: nothing to open.
      if (!URL.canParse(apiUrl)) return withAddress;
      const href = new URL(apiUrl).origin;
      // The API's fetch() calls are CORS requests and images are not; the browser keeps a connection for each.
      return {
        html: withAddress,
        tags: [
          { tag: 'link', attrs: { rel: 'preconnect', href, crossorigin: '' }, injectTo: 'head' },
          { tag: 'link', attrs: { rel: 'preconnect', href }, injectTo: 'head' },
        ],
      };
    },
  };
}

/**
 * A product page is mostly opened from a card, in a new tab, so its route's code is needed as soon as the entry's.
 * index.html's start-up script preloads it on product pages: `__SHOP_PRODUCT_ROUTE_CHUNKS__` becomes the chunk of
 * the product route's component and the chunks it imports that the entry does not load anyway.
 */
function productRoutePreload(): Plugin {
  let base = '/';
  return {
    name: 'product-route-preload',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        // The dev server loads modules one by one as they are imported: nothing to preload.
        if (!context.bundle) return html.replaceAll('__SHOP_PRODUCT_ROUTE_CHUNKS__', '[]');
        const chunks = new Map(
          Object.values(context.bundle).flatMap((output) =>
            output.type === 'chunk' ? [[output.fileName, output] as const] : [],
          ),
        );
        const closure = (start: string[]) => {
          const seen = new Set<string>();
          const visit = (file: string) => {
            if (seen.has(file)) return;
            seen.add(file);
            for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
          };
          for (const file of start) visit(file);
          return seen;
        };
        const entries = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
        const route = [...chunks.values()].find((chunk) =>
          /[\\/]routes[\\/]products[\\/]\$id\.tsx\?tsr-split=component/.test(chunk.facadeModuleId ?? ''),
        );
        if (!route) throw new Error('product-route-preload: no chunk for the product route component');
        const loaded = closure(entries);
        const files = [...closure([route.fileName])].filter((file) => !loaded.has(file));
        return html.replaceAll(
          '__SHOP_PRODUCT_ROUTE_CHUNKS__',
          JSON.stringify(files.map((file) => base + file)),
        );
      },
    },
  };
}

export default defineConfig(({ mode }) => ({
  // The router plugin must run before react() so it can split route files first.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    mantineStylesGuard(),
    // The same default as src/lib/api.ts.
    apiAddressInHtml(loadEnv(mode, process.cwd(), 'VITE_').VITE_API_URL ?? 'http://localhost:3000/api'),
    productRoutePreload(),
    // Last: it hashes the inline start-up script once the plugins above have written into it.
    contentSecurityPolicy(),
  ],
  build: {
    // One stylesheet: Mantine's styles and the app's CSS modules load together (both are needed for the first
    // render), instead of two render-blocking requests.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: vendorChunks.map((group, index) => ({
            ...group,
            tags: ['$initial'],
            priority: vendorChunks.length - index,
          })),
        },
      },
    },
  },
  server: { port, strictPort: true },
  preview: { port, strictPort: true },
}));
