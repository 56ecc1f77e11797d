// The store measured the way shoppers and staff use it (issue 28): varied catalogue searches, the staff screens and
// orders with shoppers buying the same product, on PostgreSQL 15 with its default durability and on PGlite, each
// scenario interleaved with a ceiling (a bare Fastify 5 server answering a captured, compressed page of the shopper
// list) so every figure is a ratio to what this machine can do in the same minute.
//
//   npm run bench:scale                                         10k products, 1k orders, PostgreSQL and PGlite
//   BENCH_PRODUCTS=100k BENCH_ORDERS=100k npm run bench:scale
//   BENCH_PRODUCTS=1m BENCH_ORDERS=1m BENCH_DB=postgres npm run bench:scale
//
// Settings (environment): BENCH_PRODUCTS, BENCH_ORDERS (10k / 100k / 1m or a number), BENCH_ACTIVITY and
// BENCH_VISITS (default: the orders' size), BENCH_DB (postgres,pglite), BENCH_SECONDS per measurement (10),
// BENCH_ROUNDS (3: ceiling, scenario, ceiling, scenario, ... medians), BENCH_ONLY (shopper,staff,orders,rates),
// BENCH_STAFF_CLIENTS (10; 1 shows each staff screen's own cost), BENCH_DATA_DIR (kept loaded data, default .tmp/bench), BENCH_PG_PORT (55499), BENCH_DATABASE_URL (use that
// PostgreSQL server instead of starting one), BENCH_NO_BUILD=1 (use server/dist as it is), BENCH_NO_DOCS=1.
//
// Loaded data is kept: a PostgreSQL cluster in BENCH_DATA_DIR/pg15 with one database per size, and one PGlite folder
// per size, so a rerun of the same size starts measuring at once. See docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DATA_VERSION, loadSteps } from './scale-data.mjs';
import { measure, send, signIn } from './scale-load.mjs';
import { startApi, startCeiling, startCluster } from './scale-processes.mjs';
import { rateChangeCheck } from './scale-rates.mjs';
import { ADJECTIVES, EXTRAS, NOUNS } from './scale-words.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fromServer = createRequire(join(root, 'server', 'package.json'));
const serverImport = async (name) => import(pathToFileURL(fromServer.resolve(name)).href);

// ---- Settings ---------------------------------------------------------------------------------------------------

function size(value) {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(String(value).trim());
  if (!match) throw new Error(`not a size: ${value} (use 10k, 100k, 1m or a number)`);
  return Math.round(Number(match[1]) * { '': 1, k: 1e3, m: 1e6 }[match[2].toLowerCase()]);
}

function settings() {
  const env = process.env;
  const products = size(env.BENCH_PRODUCTS ?? '10k');
  const orders = size(env.BENCH_ORDERS ?? '1k');
  return {
    products,
    orders,
    activity: size(env.BENCH_ACTIVITY ?? orders),
    visits: size(env.BENCH_VISITS ?? orders),
    // PGlite is measured up to 100k products: the issue's target for it stops there.
    databases: (env.BENCH_DB ?? (products <= 100_000 ? 'postgres,pglite' : 'postgres')).split(','),
    seconds: Number(env.BENCH_SECONDS ?? 10),
    rounds: Number(env.BENCH_ROUNDS ?? 3),
    only: (env.BENCH_ONLY ?? 'shopper,staff,orders,rates').split(','),
    dataDir: resolve(env.BENCH_DATA_DIR ?? join(root, '.tmp', 'bench')),
    pgPort: Number(env.BENCH_PG_PORT ?? 55499),
    databaseUrl: env.BENCH_DATABASE_URL ?? null,
    build: env.BENCH_NO_BUILD !== '1',
    docs: env.BENCH_NO_DOCS !== '1',
  };
}

/** The issue's targets. `at` says the size they are stated for; smaller sizes are shown against the same figure. */
const TARGETS = {
  shopper10: { p95: 50, ratio: 0.25, text: 'p95 < 50 ms, ≥ 25 % of ceiling (at 1M products)' },
  shopper50: { no503: true, text: 'no 503 (at 1M products)' },
  pglite10: { p95: 100, text: 'p95 < 100 ms (PGlite, at 100k products)' },
  orders: { p95: 100, no503: true, text: 'p95 < 100 ms, no oversell, flat 1k → 1M orders' },
  staff: { p95: 200, text: 'p95 < 200 ms (at 1M orders, activity, visits)' },
};

// ---- Main -------------------------------------------------------------------------------------------------------

async function main() {
  const s = settings();
  const started = Date.now();
  const loadBefore = loadavg();
  console.log(
    `bench:scale: ${s.products.toLocaleString('en')} products, ${s.orders.toLocaleString('en')} orders, ` +
      `${s.activity.toLocaleString('en')} activity entries, ${s.visits.toLocaleString('en')} visits on ` +
      `${s.databases.join(' and ')}; ${s.rounds} rounds of ${s.seconds} s; load average ${fmtLoad(loadBefore)}`,
  );
  mkdirSync(s.dataDir, { recursive: true });
  if (s.build) {
    console.log('building the server (node server/scripts/build.mjs) ...');
    const built = spawnSync(process.execPath, ['server/scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the server did not build');
  }
  const argon2 = await serverImport('@node-rs/argon2');
  const passwordHash = await argon2.hash(SHOPPER_PASSWORD);

  const sections = [];
  let cluster = null;
  try {
    for (const kind of s.databases) {
      let target;
      if (kind === 'postgres') {
        cluster ??= startCluster(s);
        target = await postgresTarget(s, cluster.url);
      } else if (kind === 'pglite') target = pgliteTarget(s);
      else throw new Error(`BENCH_DB: unknown database ${kind} (postgres or pglite)`);
      const results = await benchDatabase(s, target, passwordHash);
      sections.push({ kind, settings: target.settingsText, results, loaded: target.loaded });
    }
  } finally {
    cluster?.stop();
  }

  const loadAfter = loadavg();
  const machine =
    `${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ` +
    `${process.version}; load average before ${fmtLoad(loadBefore)}, after ${fmtLoad(loadAfter)}`;
  const usage = process.resourceUsage();
  console.log(
    `\n${machine}\nbench process CPU: user ${(usage.userCPUTime / 1e6).toFixed(1)} s, ` +
      `system ${(usage.systemCPUTime / 1e6).toFixed(1)} s; wall ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  for (const section of sections) {
    const markdown = sectionMarkdown(s, section, machine);
    console.log(`\n${markdown}`);
    if (s.docs) writeDocs(s, section.kind, markdown);
  }
}

const SHOPPER_PASSWORD = 'bench-Password-1';
const HOT_STOCK = 1_000_000;

async function benchDatabase(s, target, passwordHash) {
  console.log(`\n== ${target.name} ==`);
  const results = [];
  await target.ensureLoaded(passwordHash);
  // Read before the API starts: PGlite is embedded and only one process may open it.
  const facts = await target.withClient(async (q) => ({
    admins: (await q(`select id from admins order by email`)).map((r) => r.id),
    actions: (await q(`select distinct action from activity_log limit 20`)).map((r) => r.action),
  }));
  // Orders need the stock read while the API runs, so they are measured on PostgreSQL only (the issue's target).
  const orders = s.only.includes('orders') && target.kind === 'postgres';
  const api = await startApi(target.env);
  let ceiling;
  try {
    const base = { port: api.port };
    const staffToken = await signIn(api.port, '/api/admin/login', 'admin@example.com', 'admin12345');
    // The ceiling's page: a real answer of the shopper list, compressed as the API compressed it.
    const captured = await send(api.port, {
      path: '/api/product/?page=1&limit=20&currency=USD&country=BD',
      headers: SHOPPER_HEADERS,
    });
    if (captured.status !== 200) throw new Error(`the shopper list answered ${captured.status}`);
    const pageFile = join(s.dataDir, 'ceiling-page.json');
    writeFileSync(
      pageFile,
      JSON.stringify({
        body: captured.body.toString('base64'),
        encoding: captured.headers['content-encoding'] ?? null,
      }),
    );
    console.log(
      `ceiling page: ${captured.body.length} bytes (${captured.headers['content-encoding'] ?? 'uncompressed'})`,
    );
    ceiling = await startCeiling(pageFile);

    const scenarios = [];
    if (s.only.includes('shopper')) {
      for (const clients of [10, 50]) {
        scenarios.push({
          name: 'shopper catalogue',
          key: `shopper${clients}`,
          clients,
          next: shopperRequest,
        });
      }
    }
    if (s.only.includes('staff')) {
      scenarios.push({
        name: 'staff screens',
        key: 'staff',
        // One client shows what each screen costs on its own, without queueing.
        clients: Number(process.env.BENCH_STAFF_CLIENTS ?? 10),
        next: staffRequests(staffToken, facts),
      });
    }
    for (const scenario of scenarios) {
      results.push(await interleaved(s, base, ceiling.port, scenario));
    }
    if (orders) {
      const shoppers = await prepareShoppers(api.port, 50);
      for (const clients of [20, 50]) {
        results.push(await orderScenario(s, target, base, ceiling.port, shoppers.slice(0, clients)));
      }
      results.push(await sellOutCheck(target, api.port, shoppers));
    }
    // The API and the probe share the database, so the rate change is measured on PostgreSQL only.
    if (s.only.includes('rates') && target.kind === 'postgres') {
      results.push(await rateChangeCheck({ target, port: api.port, token: staffToken, send }));
    }
  } finally {
    await ceiling?.stop();
    await api.stop();
  }
  if (orders) await target.removePlacedOrders();
  return results;
}

// ---- Scenarios --------------------------------------------------------------------------------------------------

const SHOPPER_HEADERS = { 'accept-encoding': 'gzip, br', accept: 'application/json' };
const SORTS = ['newest', 'price_asc', 'price_desc', 'popularity', 'title'];
const CATEGORIES = ['Electronics', 'Fashion', 'Home & Kitchen', 'Beauty', 'Books', 'Men', 'Women', 'Home'];
const SEARCH_WORDS = [
  ...ADJECTIVES,
  ...NOUNS.map(([noun]) => noun),
  ...EXTRAS.flatMap((e) => e.split(' ')),
].filter((word) => word.length >= 3);
const COUNTRIES = ['BD', 'US', 'IN', 'ES', 'GB', 'MX'];

/** A random integer from 0 to n - 1. */
const rand = (n) => Math.floor(Math.random() * n);
const any = (list) => list[rand(list.length)];

/** A typo: a letter dropped, doubled or two swapped (the word stays findable by a tolerant search). */
function misspell(word) {
  const letters = [...word];
  const at = 1 + rand(Math.max(1, letters.length - 2));
  const kind = rand(3);
  if (kind === 0) letters.splice(at, 1);
  else if (kind === 1) letters.splice(at, 0, letters[at]);
  else [letters[at - 1], letters[at]] = [letters[at], letters[at - 1]];
  return letters.join('');
}

/** Pages 1 to 30, most often the first: a cube of a uniform number leans towards 0. */
const weightedPage = () => 1 + Math.floor(30 * Math.random() ** 3);

function shopperRequest() {
  const query = new URLSearchParams();
  if (Math.random() < 0.5) {
    let words = any(SEARCH_WORDS);
    if (Math.random() < 0.2) words += ` ${any(SEARCH_WORDS)}`;
    if (Math.random() < 0.15) words = misspell(words);
    query.set('q', words);
  }
  if (Math.random() < 0.3) query.set('category', any(CATEGORIES));
  query.set('sort', any(SORTS));
  query.set('page', String(weightedPage()));
  query.set('limit', '20');
  query.set('currency', any(['USD', 'BDT', 'EUR', 'INR', 'GBP']));
  query.set('country', any(COUNTRIES));
  return {
    label: `${query.has('q') ? 'search' : 'browse'}, sort=${query.get('sort')}`,
    path: `/api/product/?${query}`,
    headers: SHOPPER_HEADERS,
  };
}

/** The staff screens in turn: each request is labelled with its screen, so each gets its own p95. */
function staffRequests(token, facts) {
  const headers = { ...SHOPPER_HEADERS, authorization: `Bearer ${token}` };
  const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const screens = [
    () => {
      const q = new URLSearchParams({ page: String(weightedPage()), limit: '10' });
      if (Math.random() < 0.5) q.set('q', any(SEARCH_WORDS));
      if (Math.random() < 0.5) q.set('status', any(['published', 'draft', 'out_of_stock', 'disabled']));
      if (Math.random() < 0.3) q.set('source', any(['aliexpress', 'manual', 'vendor']));
      q.set('sort', any(SORTS));
      return ['products list', `/api/product/?${q}`];
    },
    () => {
      const q = new URLSearchParams({ page: String(weightedPage()), limit: '10' });
      const pickOne = rand(4);
      if (pickOne === 0) q.set('q', any(['Rahim', 'Fatema', 'García', 'Sharma', 'guest12', 'ORD-2026']));
      if (pickOne === 1) q.set('status', any(['Placed', 'Delivered', 'Cancelled', 'Shipped']));
      if (pickOne === 2) {
        q.set('from', day(90));
        q.set('to', day(0));
      }
      if (Math.random() < 0.3) q.set('sort', any(['newest', 'oldest', 'total_desc', 'total_asc']));
      return ['orders list + stat cards', `/api/orders?${q}`];
    },
    () => {
      const q = new URLSearchParams({ page: String(weightedPage()), limit: '10' });
      const pickOne = rand(5);
      if (pickOne === 0) q.set('q', any(['Store Admin', 'ORD-1000', 'Bench entry 12']));
      if (pickOne === 1 && facts.actions.length) q.set('action', any(facts.actions));
      if (pickOne === 2) q.set('status', any(['success', 'failed', 'warning']));
      if (pickOne === 3 && facts.admins.length) q.set('admin', any(facts.admins));
      if (pickOne === 4) {
        q.set('start', day(30));
        q.set('end', day(0));
      }
      return ['activity log', `/api/admin/activity?${q}`];
    },
    () => {
      const q = new URLSearchParams({ page: String(weightedPage()), limit: '10' });
      if (Math.random() < 0.3) q.set('q', any(['Rahim', 'Lucía', 'Patel', 'bench1']));
      return ['B2C shoppers', `/api/b2c/shoppers?${q}`];
    },
    () => ['dashboard', '/api/stats/overview'],
    () => {
      const days = any([7, 30, 90, 365]);
      return ['analytics', `/api/analytics/overview?from=${day(days)}&to=${day(0)}`];
    },
  ];
  let turn = 0;
  return () => {
    const [label, path] = screens[turn++ % screens.length]();
    return { label, path, headers };
  };
}

/** Ceiling, scenario, ceiling, scenario, ...: each figure is the median of the rounds. */
async function interleaved(s, base, ceilingPort, scenario) {
  const warm = Math.min(2, s.seconds);
  await measure({ ...base, clients: scenario.clients, seconds: warm, next: scenario.next });
  const rounds = [];
  for (let round = 0; round < s.rounds; round++) {
    const top = await measure({
      port: ceilingPort,
      clients: scenario.clients,
      seconds: s.seconds,
      next: () => ({ label: 'ceiling', path: shopperRequest().path, headers: SHOPPER_HEADERS }),
    });
    const measured = await measure({
      ...base,
      clients: scenario.clients,
      seconds: s.seconds,
      next: scenario.next,
    });
    rounds.push({ ceiling: top, measured });
    console.log(
      `  ${scenario.name}, ${scenario.clients} clients, round ${round + 1}: ${summary(measured.all)}; ` +
        `ceiling ${top.all.rps} req/s`,
    );
  }
  return combine(scenario, rounds);
}

/** Medians over the rounds of every figure, for the whole scenario and for each labelled request. */
function combine(scenario, rounds) {
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)];
  };
  const labels = [...new Set(rounds.flatMap((r) => Object.keys(r.measured.byLabel)))].sort();
  const merge = (stats) => ({
    requests: median(stats.map((x) => x.requests)),
    rps: median(stats.map((x) => x.rps)),
    p50: median(stats.map((x) => x.p50)),
    p95: median(stats.map((x) => x.p95)),
    p99: median(stats.map((x) => x.p99)),
    errors: stats.reduce((sum, x) => sum + x.errors, 0),
    s503: stats.reduce((sum, x) => sum + x.s503, 0),
    statuses: stats.reduce((all, x) => {
      for (const [code, n] of Object.entries(x.statuses)) all[code] = (all[code] ?? 0) + n;
      return all;
    }, {}),
  });
  const all = merge(rounds.map((r) => r.measured.all));
  const ceilingRps = median(rounds.map((r) => r.ceiling.all.rps));
  return {
    name: scenario.name,
    key: scenario.key,
    clients: scenario.clients,
    ...all,
    ceilingRps,
    ratio: ceilingRps ? all.rps / ceilingRps : 0,
    byLabel: Object.fromEntries(
      labels.map((label) => [label, merge(rounds.map((r) => r.measured.byLabel[label]).filter(Boolean))]),
    ),
  };
}

// ---- Orders -----------------------------------------------------------------------------------------------------

const ADDRESS = {
  full_name: 'Bench Shopper',
  address: 'House 12, Road 5',
  city: 'Dhaka',
  country: 'BD',
  zip: '1205',
  mobile_no: '1712345678',
  phone_country: '+880',
};

async function prepareShoppers(port, count) {
  const shoppers = [];
  for (let i = 1; i <= count; i++) {
    shoppers.push({
      token: await signIn(port, '/api/user/login', `bench${i}@example.com`, SHOPPER_PASSWORD),
    });
  }
  return shoppers;
}

/**
 * Shoppers placing orders, a fifth of them buying the same SKU (row-lock contention), the others one SKU each.
 * Every SKU's stock is set high first; afterwards stock taken must equal units sold and never go negative.
 */
/**
 * Loaded products anyone can buy with no supplier delivery to quote: the bench's own manual products, published,
 * of no store (the seeded marketplace products need a delivery service and answer 422 without one).
 */
const FOR_SALE = `select p.id as product, k.sku_id from products p
  join lateral (select sku_id from product_skus where product_id = p.id order by position limit 1) k on true
  where p.status = 'published' and p.approval = 'approved' and p.store_id is null and p.source = 'manual'
    and p.product_id like '1005009%'`;

async function orderScenario(s, target, base, ceilingPort, shoppers) {
  const clients = shoppers.length;
  const skus = await target.withClient((q) => q(`${FOR_SALE} order by p.product_id limit ${clients + 1}`));
  if (skus.length < clients + 1) throw new Error('not enough published products to place orders');
  const [hot, ...own] = skus;
  const skuIds = skus.map((k) => `'${k.sku_id}'`).join(', ');
  const stock = () =>
    target.withClient((q) =>
      q(`select sku_id, stock from product_skus where sku_id in (${skuIds})`).then((rows) =>
        Object.fromEntries(rows.map((r) => [r.sku_id, Number(r.stock)])),
      ),
    );
  await target.withClient((q) =>
    q(`update product_skus set stock = ${HOT_STOCK} where sku_id in (${skuIds});
       update products p set stock = (select sum(stock) from product_skus where product_id = p.id)
       where p.id in (select product_id from product_skus where sku_id in (${skuIds}));`),
  );
  const before = await stock();
  const sold = {};
  const bodies = shoppers.map((shopper, i) => {
    // Every fifth shopper buys the hot product.
    const sku = i % 5 === 0 ? hot : own[i];
    return {
      sku: sku.sku_id,
      body: JSON.stringify({
        items: [{ product: sku.product, sku_id: sku.sku_id, quantity: 1 }],
        shippingAddress: ADDRESS,
        paymentMethod: 'Bank Transfer',
        currency: 'USD',
      }),
      headers: {
        ...SHOPPER_HEADERS,
        'content-type': 'application/json',
        authorization: `Bearer ${shopper.token}`,
      },
    };
  });
  const next = (worker) => {
    const order = bodies[worker];
    return {
      label: order.sku === hot.sku_id ? 'order, hot product' : 'order, own product',
      path: '/api/order',
      method: 'POST',
      body: order.body,
      headers: order.headers,
      onStatus: (status) => {
        if (status === 201) sold[order.sku] = (sold[order.sku] ?? 0) + 1;
      },
    };
  };
  const scenario = { name: 'place an order', key: 'orders', clients, next };
  const result = await interleaved(s, base, ceilingPort, scenario);
  const after = await stock();
  const problems = [];
  for (const [sku, units] of Object.entries(before)) {
    const taken = units - (after[sku] ?? 0);
    if ((after[sku] ?? 0) < 0) problems.push(`${sku} stock ${after[sku]}`);
    if (taken !== (sold[sku] ?? 0)) problems.push(`${sku}: ${taken} taken, ${sold[sku] ?? 0} sold`);
  }
  result.oversell = problems.length === 0 ? 'none' : problems.join('; ');
  result.hotSold = sold[hot.sku_id] ?? 0;
  console.log(`  stock check: ${result.oversell}; hot product sold ${result.hotSold} units`);
  return result;
}

/** 50 shoppers at once for a SKU with 10 units: exactly 10 orders may succeed and its stock ends at 0. */
async function sellOutCheck(target, port, shoppers) {
  const [sku] = await target.withClient((q) => q(`${FOR_SALE} order by p.product_id desc limit 1`));
  await target.withClient((q) =>
    q(`update product_skus set stock = 10 where sku_id = '${sku.sku_id}';
       update products p set stock = (select sum(stock) from product_skus where product_id = p.id)
       where p.id = '${sku.product}';`),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: shoppers.length });
  const answers = await Promise.all(
    shoppers.map((shopper) =>
      send(port, {
        agent,
        path: '/api/order',
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` },
        body: JSON.stringify({
          items: [{ product: sku.product, sku_id: sku.sku_id, quantity: 1 }],
          shippingAddress: ADDRESS,
          paymentMethod: 'Bank Transfer',
          currency: 'USD',
        }),
      }),
    ),
  );
  agent.destroy();
  const statuses = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const [left] = await target.withClient((q) =>
    q(`select stock from product_skus where sku_id = '${sku.sku_id}'`),
  );
  const ok = statuses[201] === 10 && Number(left.stock) === 0;
  const verdict = `${shoppers.length} shoppers, 10 units: ${JSON.stringify(statuses)}, stock left ${left.stock}`;
  console.log(`  sell-out check: ${verdict} (${ok ? 'pass' : 'FAIL'})`);
  return { name: 'sell-out check', key: 'sellout', clients: shoppers.length, verdict, pass: ok };
}

// ---- Databases: load once, reuse --------------------------------------------------------------------------------

function sizeTag(s) {
  return `p${s.products}_o${s.orders}_a${s.activity}_v${s.visits}`;
}

const wanted = (s) =>
  JSON.stringify({
    products: s.products,
    orders: s.orders,
    activity: s.activity,
    visits: s.visits,
    version: DATA_VERSION,
  });

async function postgresTarget(s, adminUrl) {
  const pg = (await serverImport('pg')).default;
  const name = `shop_bench_${sizeTag(s)}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const withClient = async (work, connection = url.toString()) => {
    const client = new pg.Client({ connectionString: connection });
    await client.connect();
    try {
      return await work(async (text) => {
        const result = await client.query(text);
        return Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows;
      });
    } finally {
      await client.end();
    }
  };
  const durability = await withClient(
    (q) =>
      q(`select string_agg(name || '=' || current_setting(name), ', ' order by name) as s from pg_settings
         where name in ('fsync', 'synchronous_commit', 'full_page_writes', 'shared_buffers', 'max_connections')`),
    adminUrl,
  );
  const version = await withClient((q) => q('show server_version'), adminUrl);
  const env = { DATABASE_URL: url.toString(), TOKEN_SECRET: randomBytes(32).toString('hex') };
  const target = {
    kind: 'postgres',
    name: `PostgreSQL ${version[0].server_version} (${name})`,
    settingsText: `PostgreSQL ${version[0].server_version}, ${durability[0].s}`,
    env,
    withClient,
    loaded: null,
    async ensureLoaded(passwordHash) {
      const exists = await withClient(
        (q) => q(`select 1 from pg_database where datname = '${name}'`),
        adminUrl,
      );
      if (exists.length) {
        const meta = await withClient((q) =>
          q(`select value from bench.meta where key = 'loaded'`).catch(() => []),
        );
        if (meta[0]?.value === wanted(s)) {
          console.log(`reusing the loaded database ${name}`);
          target.loaded = 'reused';
          return;
        }
        await withClient((q) => q(`drop database "${name}" with (force)`), adminUrl);
      }
      await withClient((q) => q(`create database "${name}"`), adminUrl);
      // Migrations and the demo data (staff, stores, rates) come from the API itself.
      const api = await startApi(env);
      await api.stop();
      target.loaded = await runLoad(s, passwordHash, withClient);
    },
    async removePlacedOrders() {
      await withClient((q) => q(REMOVE_PLACED_ORDERS));
    },
  };
  return target;
}

function pgliteTarget(s) {
  const folder = join(s.dataDir, `pglite_${sizeTag(s)}`);
  const env = { DATA_DIR: folder, TOKEN_SECRET: randomBytes(32).toString('hex') };
  // PGlite is embedded: only one process may open it, so the bench opens it only while the API is stopped.
  const withClient = async (work) => {
    const { PGlite } = await serverImport('@electric-sql/pglite');
    // The extensions the server starts PGlite with (server/src/db/client.ts, PGLITE_EXTENSIONS): a database whose
    // migrations created one cannot be opened without it.
    const { pg_trgm } = await serverImport('@electric-sql/pglite/contrib/pg_trgm');
    const db = new PGlite(join(folder, 'pglite'), { extensions: { pg_trgm } });
    try {
      return await work(async (text) => {
        const results = await db.exec(text);
        return results.at(-1)?.rows ?? [];
      });
    } finally {
      await db.close();
    }
  };
  const target = {
    kind: 'pglite',
    name: `PGlite (${folder})`,
    settingsText: 'PGlite (embedded, one connection)',
    env,
    withClient,
    loaded: null,
    async ensureLoaded(passwordHash) {
      if (existsSync(join(folder, 'pglite'))) {
        const meta = await withClient((q) => q(`select value from bench.meta where key = 'loaded'`)).catch(
          () => [],
        );
        if (meta[0]?.value === wanted(s)) {
          console.log(`reusing the loaded PGlite folder ${folder}`);
          target.loaded = 'reused';
          return;
        }
        rmSync(folder, { recursive: true, force: true });
      }
      const api = await startApi(env);
      await api.stop();
      target.loaded = await runLoad(s, passwordHash, withClient);
    },
    async removePlacedOrders() {
      await withClient((q) => q(REMOVE_PLACED_ORDERS));
    },
  };
  return target;
}

/** Orders the bench placed (its shoppers' orders newer than the loaded data), so reruns start from the same data. */
const REMOVE_PLACED_ORDERS = `delete from orders where customer_email ~ '^bench[0-9]+@example\\.com$'
  and order_number !~ '-1[0-9]{7}$'`;

async function runLoad(s, passwordHash, withClient) {
  const started = Date.now();
  const cpuBefore = process.cpuUsage();
  await withClient(async (q) => {
    for (const [name, text] of loadSteps({ ...s, passwordHash })) {
      const t0 = Date.now();
      await q(text);
      console.log(`  loaded ${name} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    const t0 = Date.now();
    await q('vacuum analyze');
    console.log(`  vacuum analyze in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  });
  const cpu = process.cpuUsage(cpuBefore);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `loaded in ${seconds.toFixed(0)} s wall (bench process CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s)`,
  );
  return `${seconds.toFixed(0)} s`;
}

// ---- Report -----------------------------------------------------------------------------------------------------

const fmtLoad = (load) => load.map((x) => x.toFixed(2)).join(' / ');
const pct = (ratio) => `${(100 * ratio).toFixed(1)} %`;
const summary = (x) =>
  `${x.rps} req/s, p50 ${x.p50} / p95 ${x.p95} / p99 ${x.p99} ms, ${x.errors} errors${statusText(x)}`;
/** Failed answers by status (0: no answer: reset or timed out), e.g. ` (503 × 4, 0 × 1)`. */
const statusText = (x) => {
  const parts = Object.entries(x.statuses).map(([code, n]) => `${code} × ${n}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
};

function verdict(kind, r) {
  const target = kind === 'pglite' && r.key === 'shopper10' ? TARGETS.pglite10 : TARGETS[r.key];
  if (!target) return ['', ''];
  const fails = [];
  if (target.p95 && r.p95 >= target.p95) fails.push('p95');
  if (target.ratio && r.ratio < target.ratio) fails.push('ratio');
  if (target.no503 && r.s503 > 0) fails.push('503');
  if (r.oversell && r.oversell !== 'none') fails.push('oversell');
  return [target.text, fails.length ? `fail (${fails.join(', ')})` : 'pass'];
}

function sectionMarkdown(s, section, machine) {
  const lines = [
    `### ${section.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${s.products.toLocaleString('en')} products, ` +
      `${s.orders.toLocaleString('en')} orders, ${s.activity.toLocaleString('en')} activity entries, ` +
      `${s.visits.toLocaleString('en')} visits`,
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${s.rounds} rounds of ${s.seconds} s, ` +
      `medians. ${section.settings}. Data ${section.loaded === 'reused' ? 'reused' : `loaded in ${section.loaded}`}.`,
    `Machine: ${machine}.`,
    '',
    '| scenario | clients | req/s | ceiling req/s | of ceiling | p50 ms | p95 ms | p99 ms | errors (by status) | target | verdict |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of section.results) {
    if (r.key === 'sellout' || r.key === 'rates') {
      lines.push(`| ${r.name} | ${r.clients} | | | | | | | | ${r.verdict} | ${r.pass ? 'pass' : 'fail'} |`);
      continue;
    }
    const [target, pass] = verdict(section.kind, r);
    const extra = r.oversell ? `; oversell: ${r.oversell}, hot product sold ${r.hotSold}` : '';
    lines.push(
      `| **${r.name}** | ${r.clients} | ${r.rps} | ${r.ceilingRps} | ${pct(r.ratio)} | ${r.p50} | ${r.p95} | ${r.p99} | ` +
        `${r.errors}${statusText(r)} | ${target}${extra} | ${pass} |`,
    );
    const labels = Object.entries(r.byLabel);
    if (labels.length > 1) {
      for (const [label, x] of labels) {
        // Each staff screen has the target on its own; the other scenarios' parts are shown for where time goes.
        const labelPass = r.key === 'staff' ? verdict(section.kind, { ...x, key: 'staff' })[1] : '';
        lines.push(
          `| ↳ ${label} | | ${x.rps} | | | ${x.p50} | ${x.p95} | ${x.p99} | ${x.errors}${statusText(x)} | ` +
            `${r.key === 'staff' ? 'p95 < 200 ms' : ''} | ${labelPass} |`,
        );
      }
    }
  }
  return lines.join('\n');
}

/** Replaces this size's block between its markers in docs/benchmarks.md, or adds it to the scale section. */
function writeDocs(s, kind, markdown) {
  const file = join(root, 'docs', 'benchmarks.md');
  let doc = readFileSync(file, 'utf8');
  const start = `<!-- bench:scale ${kind} ${sizeTag(s)} -->`;
  const end = `<!-- /bench:scale ${kind} ${sizeTag(s)} -->`;
  const block = `${start}\n${markdown}\n${end}`;
  const sectionEnd = '<!-- /bench:scale results -->';
  if (doc.includes(start) && doc.includes(end)) {
    doc = doc.slice(0, doc.indexOf(start)) + block + doc.slice(doc.indexOf(end) + end.length);
  } else if (doc.includes(sectionEnd)) {
    doc = doc.replace(sectionEnd, `${block}\n\n${sectionEnd}`);
  } else {
    doc = `${doc.trimEnd()}\n\n## Results of bench:scale\n\n<!-- bench:scale results -->\n${block}\n\n${sectionEnd}\n`;
  }
  writeFileSync(file, doc);
  console.log(`wrote the ${kind} results into docs/benchmarks.md`);
}

// Last, so every constant above is initialised before it runs.
await main();
