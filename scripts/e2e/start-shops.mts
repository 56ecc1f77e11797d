// Starts the journeys' shops (scripts/e2e/shops.ts) for playwright.config.ts and prints "The journey shops are
// running" once every API and app answers. The demo data is migrated and seeded once, in the first shop's folder,
// and copied to the others: seeding is the costly part of a start, and the machine has two cores.
// Run as `node --import tsx scripts/e2e/start-shops.mts` with the API's settings (stand-ins, keys) in the environment.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_PORT, APP_PORTS, SHOPS, type Shop } from './shops.ts';

const children = new Set<ChildProcess>();
let stopping = false;

function stopAll(code: number): never {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGTERM', () => stopAll(0));
process.on('SIGINT', () => stopAll(0));

function start(label: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env },
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (stopping || child.killed) return;
    console.error(`${label} stopped (${signal ?? code}); stopping every shop.`);
    stopAll(1);
  });
  return child;
}

const startApi = (shop: Shop) =>
  start(`the ${shop.app} shop's API`, ['--enable-source-maps', 'server/dist/main.js'], {
    HOST: shop.host,
    PORT: String(API_PORT),
    DATA_DIR: shop.dataDir,
    ...shop.apiEnv,
  });

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function waitFor(urls: string[]): Promise<void> {
  while (!(await Promise.all(urls.map(answers))).every(Boolean)) await sleep(250);
}

const healthOf = (shop: Shop) => `http://${shop.host}:${API_PORT}/api/health`;

// The shops run the server as production does: built to JavaScript (server/scripts/build.mjs, about a second).
if (spawnSync(process.execPath, ['server/scripts/build.mjs'], { stdio: 'inherit' }).status !== 0) {
  console.error('The server did not build.');
  process.exit(1);
}
rmSync('.tmp/e2e-data', { recursive: true, force: true });
const [first, ...others] = SHOPS;
if (!first) throw new Error('no journey shops');

// The first start migrates and seeds; stopping it closes the database cleanly before it is copied.
const seeding = startApi(first);
await waitFor([healthOf(first)]);
await new Promise<void>((resolve) => {
  seeding.once('exit', () => resolve());
  seeding.kill('SIGTERM');
});
for (const shop of others) cpSync(first.dataDir, shop.dataDir, { recursive: true });

for (const shop of SHOPS) {
  startApi(shop);
  start(
    `the ${shop.app} shop's apps`,
    [
      'server/dist/serve-apps.js',
      // The storefront's pages get their server-rendered HTML from the shop's own API.
      ...Object.entries(APP_PORTS).map(([app, port]) =>
        app === 'store-app'
          ? `${app}/dist=${port}=http://${shop.host}:${API_PORT}/api`
          : `${app}/dist=${port}`,
      ),
    ],
    { APPS_HOST: shop.host },
  );
}
await waitFor(
  SHOPS.flatMap((shop) => [
    healthOf(shop),
    ...Object.values(APP_PORTS).map((port) => `http://${shop.host}:${port}/`),
  ]),
);
console.log(
  `The journey shops are running: ${SHOPS.map((shop) => `${shop.app} on ${shop.host}`).join(', ')}`,
);
