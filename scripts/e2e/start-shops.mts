// Starts the journeys' shops (scripts/e2e/shops.ts) for playwright.config.ts and prints "The journey shops are
// running" once every API and app answers. The demo data is migrated and seeded once, in the first shop's folder,
// and copied to the others: seeding is the costly part of a start, and the machine has two cores.
// Run as `node --import tsx scripts/e2e/start-shops.mts` with the API's settings (stand-ins, keys) in the environment.
// With `--seed-into FOLDER` it only seeds, into FOLDER, with the shops' settings (SHOPS_ENV), and stops:
// scripts/test.sh does that while the type checks and the linters run, and the journeys' start then copies FOLDER
// (SHOP_E2E_SEEDED) into every shop instead of seeding.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_PORT, APP_PORTS, SHOPS, SHOPS_ENV, type Shop } from './shops.ts';

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

const startApi = (shop: Shop, dataDir = shop.dataDir) =>
  start(`the ${shop.app} shop's API`, ['--enable-source-maps', 'server/dist/main.js'], {
    HOST: shop.host,
    PORT: String(API_PORT),
    DATA_DIR: dataDir,
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
const [first, ...others] = SHOPS;
if (!first) throw new Error('no journey shops');

/** The first shop's start migrates and seeds; stopping it closes the database cleanly before it is copied. */
async function seed(shop: Shop, dataDir: string): Promise<void> {
  const seeding = startApi(shop, dataDir);
  await waitFor([healthOf(shop)]);
  await new Promise<void>((resolve) => {
    seeding.once('exit', () => resolve());
    seeding.kill('SIGTERM');
  });
}

const seedInto = process.argv.indexOf('--seed-into');
if (seedInto !== -1) {
  const folder = process.argv[seedInto + 1];
  if (!folder) throw new Error('usage: start-shops.mts --seed-into FOLDER');
  Object.assign(process.env, SHOPS_ENV);
  rmSync(folder, { recursive: true, force: true });
  await seed(first, folder);
  console.log(`The journeys' demo data is seeded in ${folder}`);
  process.exit(0);
}

rmSync('.tmp/e2e-data', { recursive: true, force: true });
const seeded = process.env.SHOP_E2E_SEEDED;
if (seeded && existsSync(seeded)) {
  for (const shop of SHOPS) cpSync(seeded, shop.dataDir, { recursive: true });
} else {
  await seed(first, first.dataDir);
  for (const shop of others) cpSync(first.dataDir, shop.dataDir, { recursive: true });
}

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
