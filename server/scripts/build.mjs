// Builds the server to JavaScript for production: `node server/dist/main.js` (and dist/serve-apps.js for the
// built apps). Packages stay in node_modules; only the server's own code and the workspace SDK are bundled.
// The bundles sit one folder below server/, as src/*.ts files do, so src/locations.ts finds the same folders.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
const { dependencies } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@shop/'));

await build({
  absWorkingDir: new URL('.', root).pathname,
  entryPoints: { main: 'src/main.ts', 'serve-apps': 'src/static/serve-apps.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  external,
  sourcemap: true,
  // Bundled CommonJS helpers still call require(); ESM output has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
