// A rate change at the store's size (issue 28): staff set EUR's rate by hand; the API answers once the rate is
// stored, and reworks the EUR products' price sort keys afterwards in short batches. Measured: the staff answer,
// how long the keys take to catch up, and how long a shopper's stock update on an EUR product waits meanwhile
// (the row lock a checkout takes), then whether every key is right. The rate is set back the same way after.

const PROBE_PRODUCTS = 500;

/**
 * @param {{ target: { withClient: Function }, port: number, token: string,
 *   send: (port: number, request: object) => Promise<{ status: number, body: Buffer }> }} deps
 */
export async function rateChangeCheck({ target, port, token, send }) {
  const call = async (method, path, body) => {
    const started = performance.now();
    const answer = await send(port, {
      path,
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.body}`);
    return { json: JSON.parse(answer.body.toString()), ms: performance.now() - started };
  };
  const rules = (await call('GET', '/api/pricing')).json.data.rules;
  const [{ rate: original, products }] = await target.withClient((q) =>
    q(`select r.rate::float8 as rate, (select count(*)::int from products where currency = 'EUR') as products
       from currency_rates r where r.code = 'EUR'`),
  );
  const probeIds = (
    await target.withClient((q) =>
      q(`select id from products where currency = 'EUR' order by random() limit ${PROBE_PRODUCTS}`),
    )
  ).map((row) => row.id);
  await call('PUT', '/api/pricing', { ...rules, currencyMode: 'manual' });
  const changes = [];
  try {
    for (const rate of [Math.round(original * 1.02 * 1e6) / 1e6, original]) {
      changes.push(await oneChange({ target, call, rate, probeIds }));
    }
  } finally {
    await call('PUT', '/api/pricing', rules);
  }
  const lines = changes.map(
    (c) =>
      `EUR → ${c.rate}: answered in ${ms(c.answerMs)}, ${products.toLocaleString('en')} products' keys right after ` +
      `${ms(c.catchUpMs)}; stock updates on EUR products meanwhile: ${c.probes} done, p99 ${ms(c.p99)}, ` +
      `longest ${ms(c.maxMs)}; keys wrong after: ${c.wrong}`,
  );
  for (const line of lines) console.log(`  rate change: ${line}`);
  const pass = changes.every((c) => c.wrong === 0);
  return { name: 'rate change', key: 'rates', clients: 1, verdict: lines.join('<br>'), pass };
}

async function oneChange({ target, call, rate, probeIds }) {
  let stop = false;
  const waits = [];
  // A shopper's checkout takes each bought product's row lock for a moment: the same short update, one at a time.
  const prober = target.withClient(async (q) => {
    for (let n = 0; !stop; n++) {
      const started = performance.now();
      await q(`update products set stock = stock where id = '${probeIds[n % probeIds.length]}'`);
      waits.push(performance.now() - started);
    }
  });
  const started = performance.now();
  const { ms: answerMs } = await call('PUT', '/api/settings/currency/EUR', { rate });
  let catchUpMs = 0;
  await target.withClient(async (q) => {
    for (;;) {
      const [{ marked }] = await q(`select count(*)::int as marked from price_sort_stale_currencies`);
      if (marked === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    catchUpMs = performance.now() - started;
  });
  stop = true;
  await prober;
  const [{ wrong }] = await target.withClient((q) =>
    q(`select count(*)::int as wrong from products p
       where p.currency = 'EUR'
         and p.price_usd_minor <> p.price_minor::numeric / (select r.rate from currency_rates r where r.code = 'EUR')`),
  );
  const sorted = [...waits].sort((a, b) => a - b);
  return {
    rate,
    answerMs,
    catchUpMs,
    probes: sorted.length,
    p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    maxMs: sorted.at(-1) ?? 0,
    wrong,
  };
}

const ms = (value) => (value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`);
