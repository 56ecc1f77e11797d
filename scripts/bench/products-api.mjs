// Measures GET /api/product/ on a large catalogue: loads generated products into a fresh database (PGlite in a
// temporary folder, or a throwaway database on the PostgreSQL server DATABASE_URL names), starts the API on
// loopback, measures a filtered, searched page with autocannon (p50/p95/p99 latency and requests per second,
// from every response's own time) and reports the admin app's built bundle, gzipped.
//
// Usage (from the repository root):
//   node scripts/bench/products-api.mjs                      100,000 products, 10 s per scenario
//   BENCH_PRODUCTS=20000 BENCH_SECONDS=5 node scripts/bench/products-api.mjs
//   node scripts/bench/products-api.mjs --build              (re)build admin-app/dist first (npx vite build)
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node scripts/bench/products-api.mjs
//   BENCH_ORDERS=1000,100000 ...                               stored orders before each order-placing run
//
// Beside the API, the child process serves the measured page's JSON from a bare Fastify 5 server: the ceiling the
// API's requests per second are compared with, measured in the same run.
//
// The server runs in a child process (this file with --serve, under tsx) so autocannon does not share its event
// loop. Nothing leaves the machine: the API listens on 127.0.0.1 and the marketplace is the offline fixture.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MEASURED_QUERY = '/api/product/?q=wireless&source=aliexpress&status=published&page=3';
const ORDER_STEPS = (process.env.BENCH_ORDERS ?? '1000,100000').split(',').map(Number);
const SHOPPERS = 20;

if (process.argv.includes('--serve')) await serve();
else await main();

// ---- The benchmark (parent process) ------------------------------------------------------------------------

async function main() {
  const { default: autocannon } = await import('autocannon');
  const server = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    cwd: root,
    env: { ...process.env, BENCH_PRODUCTS: String(PRODUCTS) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    const ready = await readyMessage(server, 'ready');
    const base = `http://127.0.0.1:${ready.port}`;
    console.log(
      `loaded ${ready.products.toLocaleString('en')} products (${ready.skus.toLocaleString('en')} SKUs) ` +
        `into ${ready.database} in ${ready.loadSeconds} s`,
    );
    console.log(
      `the measured query matches ${ready.matching.toLocaleString('en')} products; its plan:\n${ready.plan}\n`,
    );

    const scenarios = [
      { name: 'search + source + status, page 3 (shopper)', path: MEASURED_QUERY, connections: 1 },
      { name: 'search + source + status, page 3 (shopper)', path: MEASURED_QUERY, connections: 10 },
      {
        name: 'same, staff token (every status visible)',
        path: MEASURED_QUERY,
        connections: 10,
        staff: true,
      },
      { name: 'newest first, page 1, no filter', path: '/api/product/?currency=USD', connections: 10 },
    ];
    const results = [];
    for (const scenario of scenarios) {
      const headers = scenario.staff ? { authorization: `Bearer ${ready.staffToken}` } : {};
      // A short warm-up so the first measured requests do not pay for cold caches and JIT.
      await run(autocannon, {
        url: base + scenario.path,
        connections: scenario.connections,
        duration: 2,
        headers,
      });
      const measured = await run(autocannon, {
        url: base + scenario.path,
        connections: scenario.connections,
        duration: SECONDS,
        headers,
      });
      results.push({ ...scenario, ...measured });
      report(scenario, measured);
    }

    // The ceiling: the same page's bytes from a bare Fastify server, same machine, same run.
    const bare = { name: 'bare Fastify 5, the same page of 10 products (ceiling)', connections: 10 };
    await run(autocannon, { url: `http://127.0.0.1:${ready.barePort}/page`, connections: 10, duration: 2 });
    const ceiling = await run(autocannon, {
      url: `http://127.0.0.1:${ready.barePort}/page`,
      connections: 10,
      duration: SECONDS,
    });
    results.push({ ...bare, ...ceiling });
    report(bare, ceiling);
    for (const r of results.slice(0, -1)) r.ofCeiling = `${((100 * r.rps) / ceiling.rps).toFixed(1)} %`;

    // Placing orders: SHOPPERS shoppers at once, each connection signed in as its own shopper.
    for (const stored of ORDER_STEPS) {
      server.stdin.write(`${JSON.stringify({ orders: stored })}\n`);
      const loaded = await readyMessage(server, 'orders');
      const scenario = {
        name: `place an order, ${loaded.orders.toLocaleString('en')} orders stored`,
        connections: SHOPPERS,
      };
      let next = 0;
      const measured = await run(autocannon, {
        url: `${base}/api/order`,
        method: 'POST',
        connections: SHOPPERS,
        duration: SECONDS,
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => {
              const shopper = next++ % ready.shopperTokens.length;
              return {
                ...request,
                body: ready.orderBodies[shopper],
                headers: { ...request.headers, authorization: `Bearer ${ready.shopperTokens[shopper]}` },
              };
            },
          },
        ],
      });
      results.push({ ...scenario, ...measured });
      report(scenario, measured);
    }

    const bundle = adminBundle(process.argv.includes('--build'));
    console.log(
      `\nadmin-app/dist: JS ${kb(bundle.js.raw)} KB raw / ${kb(bundle.js.gzip)} KB gzip in ${bundle.js.files} ` +
        `files (entry ${kb(bundle.entry.raw)} KB / ${kb(bundle.entry.gzip)} KB gzip), ` +
        `CSS ${kb(bundle.css.raw)} KB raw / ${kb(bundle.css.gzip)} KB gzip`,
    );

    console.log('\nMarkdown rows for docs/benchmarks.md:\n');
    console.log(
      '| scenario | connections | requests/s | of the ceiling | p50 ms | p95 ms | p99 ms | non-2xx |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of results) {
      console.log(
        `| ${r.name} | ${r.connections} | ${r.rps} | ${r.ofCeiling ?? ''} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`,
      );
    }
    console.log(
      `\nmachine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
        `Node ${process.version}`,
    );
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

function report(scenario, measured) {
  console.log(
    `${scenario.name}, ${scenario.connections} connection(s): ${measured.requests} requests, ` +
      `${measured.rps} req/s, p50 ${measured.p50} ms, p95 ${measured.p95} ms, p99 ${measured.p99} ms, ` +
      `non-2xx ${measured.errors}` +
      (Object.keys(measured.statuses).length ? ` ${JSON.stringify(measured.statuses)}` : ''),
  );
}

/** The next line the child prints as `{"<kind>": …}`; other lines are its log, passed on. */
function readyMessage(child, kind) {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(
      () => reject(new Error(`the server did not answer "${kind}" within 15 minutes`)),
      15 * 60_000,
    );
    const onExit = (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited early (${code})`));
    };
    const onData = (chunk) => {
      buffered += chunk;
      for (const line of buffered.split('\n').slice(0, -1)) {
        if (line.startsWith(`{"${kind}"`)) {
          clearTimeout(timer);
          child.stdout.off('data', onData);
          child.off('exit', onExit);
          resolve(JSON.parse(line));
        } else if (line.trim() !== '') process.stdout.write(`  [server] ${line}\n`);
      }
      buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
    };
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
}

/** One autocannon run; percentiles come from every response's own time, not autocannon's rounded buckets. */
function run(autocannon, options) {
  return new Promise((resolve, reject) => {
    const times = [];
    const statuses = {};
    let errors = 0;
    const instance = autocannon({ ...options, timeout: 10 }, (error, result) => {
      if (error) return reject(error);
      times.sort((a, b) => a - b);
      const at = (p) =>
        times.length === 0 ? 0 : times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)];
      const round = (ms) => Math.round(ms * 10) / 10;
      resolve({
        requests: times.length,
        rps: Math.round(times.length / (result.duration || options.duration)),
        p50: round(at(0.5)),
        p95: round(at(0.95)),
        p99: round(at(0.99)),
        errors: errors + result.errors + result.timeouts,
        statuses,
      });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      if (statusCode < 200 || statusCode >= 300) {
        errors += 1;
        statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      }
    });
  });
}

function adminBundle(build) {
  const adminDir = join(root, 'admin-app');
  const assets = join(adminDir, 'dist', 'assets');
  let present = false;
  try {
    present = statSync(assets).isDirectory();
  } catch {}
  if (build || !present) {
    console.log('\nbuilding admin-app (npx vite build) ...');
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: adminDir,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error('the admin app did not build');
  }
  const sizes = {
    js: { raw: 0, gzip: 0, files: 0 },
    css: { raw: 0, gzip: 0, files: 0 },
    entry: { raw: 0, gzip: 0 },
  };
  const html = readFileSync(join(adminDir, 'dist', 'index.html'), 'utf8');
  for (const file of readdirSync(assets)) {
    const kind = file.endsWith('.js') ? 'js' : file.endsWith('.css') ? 'css' : null;
    if (!kind) continue;
    const bytes = readFileSync(join(assets, file));
    const gzip = gzipSync(bytes, { level: 9 }).length;
    sizes[kind].raw += bytes.length;
    sizes[kind].gzip += gzip;
    sizes[kind].files += 1;
    // The entry chunk is the script index.html loads first; the routes' chunks load on demand.
    if (kind === 'js' && html.includes(`assets/${file}`) && html.includes('type="module"')) {
      sizes.entry.raw += bytes.length;
      sizes.entry.gzip += gzip;
    }
  }
  return sizes;
}

function kb(bytes) {
  return (bytes / 1024).toFixed(1);
}

// ---- The server (child process, under tsx) -------------------------------------------------------------------

async function serve() {
  // drizzle-orm and pg are the server package's dependencies, installed under server/node_modules.
  const fromServer = createRequire(join(root, 'server', 'package.json'));
  const serverImport = (name) => import(pathToFileURL(fromServer.resolve(name)).href);
  const { sql } = await serverImport('drizzle-orm');
  const { buildApp } = await import('../../server/src/app.ts');
  const { createPgliteDatabase, createPostgresDatabase } = await import('../../server/src/db/client.ts');
  const { admins, currencyRates, customers, orderItems, orders, productSkus, products } = await import(
    '../../server/src/db/schema.ts'
  );
  const { default: Fastify } = await import(pathToFileURL(fromServer.resolve('fastify')).href);
  const { CURRENCY_RATES } = await import('../../server/src/db/seed/currencies.ts');
  const { hashPassword } = await import('../../server/src/auth/passwords.ts');
  const { productValues } = await import('../../server/src/modules/products/index.ts');
  const { loadConfig } = await import('../../server/src/config.ts');

  // BENCH_DATA_DIR keeps the loaded PGlite folder between runs (loading 100,000 products takes a while).
  const kept = process.env.DATABASE_URL ? undefined : process.env.BENCH_DATA_DIR;
  const folder = kept ?? mkdtempSync(join(tmpdir(), 'shop-bench-'));
  let dropDatabase = async () => {};
  let handle;
  if (process.env.DATABASE_URL) {
    const pg = (await serverImport('pg')).default;
    const name = `shop_bench_${randomBytes(4).toString('hex')}`;
    const adminClient = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await adminClient.connect();
    await adminClient.query(`CREATE DATABASE "${name}"`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    handle = createPostgresDatabase(url.toString());
    dropDatabase = async () => {
      await adminClient.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await adminClient.end();
    };
  } else {
    handle = createPgliteDatabase({ dataDir: join(folder, 'pglite') });
  }
  const cleanup = async () => {
    await handle.close().catch(() => {});
    await dropDatabase().catch(() => {});
    if (!kept) rmSync(folder, { recursive: true, force: true });
  };

  try {
    await handle.migrate();
    const db = handle.db;
    const started = Date.now();
    const email = 'bench@example.com';
    const password = 'bench-password-1';
    const [loaded] = await db.select({ n: sql`count(*)::int` }).from(products);
    if (loaded.n !== PRODUCTS) {
      if (loaded.n !== 0)
        throw new Error(`${folder} holds ${loaded.n} products, not ${PRODUCTS}: remove it first`);
      await db.insert(currencyRates).values(CURRENCY_RATES);
      await db.insert(admins).values({
        name: 'Bench Admin',
        email,
        passwordHash: await hashPassword(password),
        role: 'SuperAdmin',
        permissions: ['products'],
      });
      await loadProducts(db, { products, productSkus, productValues }, PRODUCTS);
    }
    // What PostgreSQL's autovacuum does after a bulk load (PGlite has no autovacuum: see docs/benchmarks.md).
    await db.execute(sql`vacuum analyze`);
    const [skuCount] = await db.select({ n: sql`count(*)::int` }).from(productSkus);
    const skus = skuCount.n;
    const loadSeconds = Math.round((Date.now() - started) / 100) / 10;

    // The server's own defaults (config.ts), so every setting it gains is filled; as in production the job queue
    // runs and sign-ins are reused for a second.
    const config = loadConfig(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: folder,
        DATABASE_URL: process.env.DATABASE_URL,
        TOKEN_SECRET: randomBytes(32).toString('hex'),
        PUBLIC_URL: 'http://127.0.0.1',
        MARKETPLACE_PROVIDER: 'fixture',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        BACKGROUND_JOBS: 'true',
      },
      root,
    );
    const app = await buildApp({ config, db: handle });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address();

    const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
    const staffToken = login.json().data.token;
    const probe = await app.inject({ method: 'GET', url: MEASURED_QUERY });
    const matching = probe.json().meta.total;
    const plan = await explainMeasuredQuery(db, sql);

    const bare = Fastify();
    const page = probe.body;
    bare.get('/page', (_request, reply) => reply.type('application/json').send(page));
    await bare.listen({ port: 0, host: '127.0.0.1' });

    const { shopperTokens, orderBodies } = await prepareOrders(app, db, {
      customers,
      products,
      productSkus,
      sql,
    });
    let readLine = '';
    process.stdin.on('data', async (chunk) => {
      readLine += chunk;
      const lines = readLine.split('\n');
      readLine = lines.pop() ?? '';
      for (const line of lines) {
        const wanted = JSON.parse(line).orders;
        const stored = await loadOrders(
          db,
          { orders, orderItems, customers, sql },
          wanted,
          JSON.parse(orderBodies[0]),
        );
        process.stdout.write(`${JSON.stringify({ orders: stored })}\n`);
      }
    });

    process.stdout.write(
      `${JSON.stringify({
        ready: true,
        port,
        products: PRODUCTS,
        skus,
        database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
        loadSeconds,
        matching,
        plan,
        staffToken,
        barePort: bare.server.address().port,
        shopperTokens,
        orderBodies,
      })}\n`,
    );
    await new Promise((resolve) => {
      process.once('SIGTERM', resolve);
      process.once('SIGINT', resolve);
    });
    await bare.close();
    await app.close();
  } finally {
    await cleanup();
  }
  // The order-loading requests read stdin, which would keep the process alive.
  process.exit(0);
}

/** SHOPPERS signed-in shoppers, each with an order body for a product of their own whose stock never runs out. */
async function prepareOrders(app, db, { customers, products, productSkus, sql }) {
  const targets = await db
    .select({ id: products.id, skuId: productSkus.skuId })
    .from(products)
    .innerJoin(productSkus, sql`${productSkus.productId} = ${products.id}`)
    .where(sql`${products.status} = 'published'`)
    .limit(SHOPPERS);
  const address = {
    full_name: 'Bench Shopper',
    address: 'House 12, Road 5',
    city: 'Dhaka',
    country: 'BD',
    zip: '1205',
    mobile_no: '1712345678',
    phone_country: '+880',
  };
  const shopperTokens = [];
  const orderBodies = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const target = targets[i % targets.length];
    await db
      .update(productSkus)
      .set({ stock: 1_000_000_000 })
      .where(sql`${productSkus.skuId} = ${target.skuId}`);
    await db.update(products).set({ stock: 1_000_000_000 }).where(sql`${products.id} = ${target.id}`);
    const email = `bench-shopper-${i}@example.com`;
    const password = 'bench-Password-1';
    const existing = await db
      .select({ id: customers.id })
      .from(customers)
      .where(sql`${customers.email} = ${email}`);
    if (existing.length === 0) {
      const registered = await app.inject({
        method: 'POST',
        url: '/api/user/register',
        // Shoppers register from addresses of their own (one address may register only a few accounts).
        remoteAddress: `10.0.0.${i + 1}`,
        payload: { name: `Bench Shopper ${i}`, email, password, confirmPassword: password },
      });
      if (registered.statusCode >= 300) throw new Error(`could not register a shopper: ${registered.body}`);
    }
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
    if (login.statusCode !== 200) throw new Error(`could not sign a shopper in: ${login.body}`);
    const token = login.json().data.token;
    const item = { product: target.id, sku_id: target.skuId, quantity: 1 };
    const quote = await app.inject({
      method: 'POST',
      url: '/api/order/quote',
      headers: { authorization: `Bearer ${token}` },
      payload: { items: [item], currency: 'USD' },
    });
    if (quote.statusCode !== 200) throw new Error(`could not quote the order: ${quote.body}`);
    const totals = quote.json().data;
    const body = {
      items: [{ ...item, price: totals.items[0].price, name: totals.items[0].name, currency: 'USD' }],
      shippingAddress: address,
      paymentMethod: 'Bank Transfer',
      currency: 'USD',
      itemsPrice: totals.itemsPrice,
      shippingPrice: totals.shippingPrice,
      taxPrice: totals.taxPrice,
      totalPrice: totals.totalPrice,
    };
    const probe = await app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
    if (probe.statusCode !== 201) throw new Error(`could not place an order: ${probe.body}`);
    shopperTokens.push(token);
    orderBodies.push(JSON.stringify(body));
  }
  return { shopperTokens, orderBodies };
}

/** Stored orders up to `wanted`, numbered as the store numbers them, spread over the past two years. */
async function loadOrders(db, { orders, orderItems, customers, sql }, wanted, orderBody) {
  const [{ n: present }] = await db.select({ n: sql`count(*)::int` }).from(orders);
  const [shopper] = await db.select({ id: customers.id }).from(customers).limit(1);
  const item = orderBody.items[0];
  const batch = 1000;
  const day = 24 * 3600 * 1000;
  for (let start = present; start < wanted; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(wanted, start + batch); i++) {
      const at = new Date(Date.now() - (1 + (i % 730)) * day);
      const stamp = at.toISOString().slice(0, 10).replaceAll('-', '');
      rows.push({
        orderNumber: `ORD-${stamp}-${String(1 + Math.floor(i / 730)).padStart(4, '0')}`,
        customerId: shopper.id,
        customerName: 'Bench Shopper',
        customerEmail: 'bench@example.com',
        status: 'Delivered',
        currency: 'USD',
        itemsMinor: 1000,
        shippingMinor: 1000,
        taxMinor: 100,
        totalMinor: 2100,
        paymentMethod: 'Bank Transfer',
        shipAddress: 'House 12, Road 5',
        shipCountry: 'BD',
        createdAt: at,
      });
    }
    const inserted = await db.insert(orders).values(rows).returning({ id: orders.id });
    await db.insert(orderItems).values(
      inserted.map((row) => ({
        orderId: row.id,
        productId: item.product,
        skuId: item.sku_id,
        name: 'Bench item',
        quantity: 1,
        unitPriceMinor: 1000,
        lineTotalMinor: 1000,
        currency: 'USD',
      })),
    );
  }
  await db.execute(sql`analyze orders`);
  const [{ n }] = await db.select({ n: sql`count(*)::int` }).from(orders);
  return n;
}

/** Generated products: deterministic titles from a word list, every source and status, 1 to 3 SKUs each. */
async function loadProducts(db, tables, count) {
  const { products, productSkus, productValues } = tables;
  let seed = 20261122;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const adjectives = [
    'Wireless',
    'Portable',
    'Smart',
    'Mini',
    'Ergonomic',
    'Waterproof',
    'Premium',
    'Classic',
    'Foldable',
    'Rechargeable',
    'Vintage',
    'Compact',
    'Magnetic',
    'Adjustable',
    'Organic',
    'Heavy Duty',
    'Lightweight',
    'Bluetooth',
    'Stainless',
    'Handmade',
  ];
  const nouns = [
    'Earbuds',
    'Speaker',
    'Keyboard',
    'Mouse',
    'Charger',
    'Lamp',
    'Backpack',
    'Watch',
    'Hoodie',
    'Sneakers',
    'Mug',
    'Kettle',
    'Notebook',
    'Brush Set',
    'Yoga Mat',
    'Sunglasses',
    'Phone Case',
    'Desk Stand',
    'Water Bottle',
    'Cutting Board',
    'Headphones',
    'Power Bank',
    'Wallet',
    'Belt',
    'Scarf',
  ];
  const extras = [
    'for Men',
    'for Women',
    'with Case',
    '2024 New',
    'USB-C',
    'Gift Set',
    'Pro Max',
    'Outdoor',
    'for Kitchen',
    'for Travel',
    'Noise Cancelling',
    'Fast Charging',
    '3 Pack',
    'XL',
    'Eco Friendly',
  ];
  const brands = ['UGREEN', 'Baseus', 'Anker', 'Xiaomi', 'SOUNDPEATS', 'NoEnName_Null', 'Logitech', 'Bodum'];
  const categories = [
    63705, 380230, 200001081, 200000347, 200000668, 200004370, 200003932, 200002440, 200003198,
  ];
  const sources = [...Array(12).fill('aliexpress'), ...Array(5).fill('manual'), ...Array(3).fill('vendor')];
  const statuses = [
    ...Array(14).fill('published'),
    ...Array(3).fill('draft'),
    ...Array(2).fill('out_of_stock'),
    'disabled',
  ];
  const now = Date.now();
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const rows = [];
    const skusByRow = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const title = `${pick(adjectives)} ${pick(adjectives)} ${pick(nouns)} ${pick(extras)} ${pick(extras)}`;
      const productId = String(1005007000000000 + i);
      const status = pick(statuses);
      const skuTotal = 1 + Math.floor(random() * 3);
      const base = 199 + Math.floor(random() * 9800);
      const skus = Array.from({ length: skuTotal }, (_, s) => ({
        skuId: `${productId}${String(s + 1).padStart(2, '0')}`,
        skuAttr: `14:${193 + s}`,
        salePriceMinor: base + s * 100,
        priceMinor: Math.round((base + s * 100) * 1.4),
        stock: status === 'out_of_stock' ? 0 : 1 + Math.floor(random() * 400),
        properties: [],
      }));
      const image = `http://127.0.0.1/media/marketplace/bench-${i % 50}.svg`;
      const record = {
        ae_item_base_info_dto: { product_id: Number(productId), subject: title, currency_code: 'USD' },
        ae_multimedia_info_dto: { image_urls: image },
      };
      rows.push(
        productValues(
          {
            productId,
            title,
            descriptionHtml: `<p>${title}.</p>`,
            categoryId: pick(categories),
            currency: 'USD',
            images: [image],
            rating: Math.round(random() * 50) / 10,
            reviewCount: Math.floor(random() * 2000),
            properties: [{ attr_name: 'Brand Name', attr_value: pick(brands) }],
            skus,
            logText: JSON.stringify(record),
          },
          {
            source: pick(sources),
            status,
            salesCount: Math.floor(random() * 5000),
            tags: random() < 0.1 ? ['bestseller'] : [],
            createdAt: new Date(now - Math.floor(random() * 730 * 24 * 3600 * 1000)),
          },
        ),
      );
      skusByRow.push(skus);
    }
    const inserted = await db.insert(products).values(rows).returning({ id: products.id });
    const skuRows = inserted.flatMap((row, index) =>
      skusByRow[index].map((sku, position) => ({ ...sku, productId: row.id, position })),
    );
    await db.insert(productSkus).values(skuRows);
    if ((start / batch) % 40 === 0) console.log(`${start.toLocaleString('en')} products loaded`);
  }
}

/** The plans of the list's two queries (the page and the count) for the measured request. */
async function explainMeasuredQuery(db, sql) {
  const where = sql`status = 'published' and source = 'aliexpress' and search_vector @@ to_tsquery('simple', 'wireless:*')`;
  const plans = [];
  for (const query of [
    sql`select id from products where ${where} order by created_at desc, id desc limit 10 offset 20`,
    sql`select count(*) from products where ${where}`,
  ]) {
    const result = await db.execute(sql`explain (analyze, costs off) ${query}`);
    const rows = result.rows ?? result;
    plans.push(rows.map((row) => `  ${Object.values(row)[0]}`).join('\n'));
  }
  return plans.join('\n\n');
}
