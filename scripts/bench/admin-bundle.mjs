// What the admin app's first routes download, gzipped: the entry and, for each route, the chunks it imports
// statically (what the browser must fetch before the screen shows). Lazy imports inside a screen are listed apart.
// Usage: (cd admin-app && npx vite build) && node scripts/bench/admin-bundle.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../../admin-app/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const LOGIN = ['src/routes/admin/auth/login.tsx?tsr-split=component'];
const DASHBOARD = [
  'src/routes/manage-admin/_authed.tsx?tsr-split=component',
  'src/routes/manage-admin/_authed/dashboard.tsx?tsr-split=component',
];
const ROUTES = { login: LOGIN, dashboard: DASHBOARD, 'login, then the dashboard': [...LOGIN, ...DASHBOARD] };

const gzipped = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** Every file a set of manifest entries loads statically: its chunks, their imports, and their CSS. */
function closure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Not in the manifest: ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (files) => [...files].reduce((sum, file) => sum + gzipped(file), 0);
const entry = closure(['index.html']);
console.log(`entry (index.html): ${kb(total(entry))} gzipped, ${entry.size} files`);
for (const [route, keys] of Object.entries(ROUTES)) {
  const files = closure(['index.html', ...keys]);
  const lazy = keys.flatMap((key) => manifest[key].dynamicImports ?? []);
  const later = lazy.length ? closure(lazy) : new Set();
  for (const file of files) later.delete(file);
  console.log(
    `${route}: ${kb(total(files))} gzipped before the screen shows (${files.size} files)` +
      (later.size ? `; ${kb(total(later))} loaded after its first paint` : ''),
  );
}
