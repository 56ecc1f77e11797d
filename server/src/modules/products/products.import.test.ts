import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, productSkus, products } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { multipartForm as form } from '../../test/multipart.ts';
import { bearer, demoAdminToken, demoShopperToken, limitedStaffToken } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('POST /api/product/import', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
  });
  afterAll(() => t.close());

  const send = (name: string, content: string, token: string | null = admin) => {
    const { payload, headers } = form({
      name,
      type: 'application/octet-stream',
      bytes: Buffer.from(content),
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/product/import',
      payload,
      headers: { ...headers, ...(token ? bearer(token) : {}) },
    });
  };
  const productCount = async () => (await t.db.select({ n: count() }).from(products))[0]?.n ?? 0;

  it('creates, updates and refuses row by row from a CSV, saying why', async () => {
    const before = await productCount();
    const csv = [
      'title,price,originalPrice,currency,stock,status,tags,categoryId,description',
      'Jute Tote,12.50,15,USD,40,published,bags;eco,7,<p>Woven jute<script>alert(1)</script></p>',
      "'=SUM(1+1),3,,USD,0,published,,,",
      'Desk Lamp,,,USD,5,draft,,,',
      'Mug,2,,USD,1,sold,,,',
      'Vase,-1,,USD,1,draft,,,',
      'Plate,1,,XXX,1,draft,,,',
    ].join('\r\n');
    const response = await send('products.csv', csv);
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('importProducts', response);
    const { data, message } = response.json();
    expect(message).toBe('2 created, 0 updated, 4 refused.');
    expect(data.rows.map((row: { outcome: string; message: string }) => [row.outcome, row.message])).toEqual([
      ['created', 'Created.'],
      ['created', 'Created.'],
      ['refused', 'A new product needs a price.'],
      ['refused', 'status must be one of draft, published, disabled, out_of_stock.'],
      ['refused', 'price must be an amount from 0 to 10,000,000 with at most 2 decimals.'],
      ['refused', 'The currency XXX is not known.'],
    ]);
    expect(await productCount()).toBe(before + 2);

    const [tote] = await t.db.select().from(products).where(eq(products.id, data.rows[0]._id));
    expect(tote).toMatchObject({
      title: 'Jute Tote',
      source: 'manual',
      status: 'published',
      priceMinor: 1250,
      originalPriceMinor: 1500,
      stock: 40,
      categoryId: 7,
      tags: ['bags', 'eco'],
    });
    expect(tote?.descriptionHtml).toBe('<p>Woven jute</p>');
    // The export's formula guard is taken off; nothing to sell, so not on sale.
    const [formula] = await t.db.select().from(products).where(eq(products.id, data.rows[1]._id));
    expect(formula).toMatchObject({ title: '=SUM(1+1)', status: 'out_of_stock' });

    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'product.import'), eq(activityLog.target, 'products')));
    expect(entry).toMatchObject({
      outcome: 'warning',
      details: { file: 'products.csv', created: 2, updated: 0, refused: 4 },
    });
  });

  it('updates products named by _id or productId from JSON, and keeps the prices of several SKUs', async () => {
    const created = (
      await send('one.json', JSON.stringify([{ title: 'Cotton Scarf', price: 9, stock: 3 }]))
    ).json().data.rows[0];
    const [scarf] = await t.db.select().from(products).where(eq(products.id, created._id));
    const [multi] = await t.db
      .select({
        id: products.id,
        productId: products.productId,
        title: products.title,
        n: count(productSkus.id),
      })
      .from(products)
      .innerJoin(productSkus, eq(productSkus.productId, products.id))
      .groupBy(products.id)
      .orderBy(products.createdAt)
      .having(({ n }) => eq(n, 3));
    if (!scarf || !multi) throw new Error('fixtures missing');
    const [multiBefore] = await t.db.select().from(products).where(eq(products.id, multi.id));

    const before = await productCount();
    const response = await send(
      'update.json',
      JSON.stringify({
        data: [
          {
            _id: scarf.id,
            title: 'Silk Scarf',
            price: 19.99,
            originalPrice: 25,
            stock: 8,
            status: 'published',
          },
          { productId: multi.productId, price: 1, stock: 1, tags: ['sale'] },
          { _id: scarf.id, currency: 'EUR', price: 5 },
          { _id: '00000000-0000-4000-8000-000000000000', title: 'Ghost' },
          'not an object',
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('importProducts', response);
    const rows = response.json().data.rows;
    expect(rows.map((row: { outcome: string }) => row.outcome)).toEqual([
      'updated',
      'updated',
      'updated',
      'refused',
      'refused',
    ]);
    expect(rows[1].message).toBe(
      'Updated; price and stock kept: the product has 3 SKUs; change them in the product editor.',
    );
    expect(rows[2].message).toBe(
      "Updated; price and stock kept: the file's prices are in EUR, the product's in USD.",
    );
    expect(rows[3].message).toBe('No product has this _id.');
    expect(await productCount()).toBe(before);

    const [scarfAfter] = await t.db.select().from(products).where(eq(products.id, scarf.id));
    expect(scarfAfter).toMatchObject({
      title: 'Silk Scarf',
      priceMinor: 1999,
      originalPriceMinor: 2500,
      stock: 8,
      status: 'published',
    });
    const [sku] = await t.db.select().from(productSkus).where(eq(productSkus.productId, scarf.id));
    expect(sku).toMatchObject({ salePriceMinor: 1999, priceMinor: 2500, stock: 8 });
    const [multiAfter] = await t.db.select().from(products).where(eq(products.id, multi.id));
    expect(multiAfter).toMatchObject({
      priceMinor: multiBefore?.priceMinor,
      stock: multiBefore?.stock,
      tags: ['sale'],
    });
    expect(multiAfter?.searchTerms.endsWith(' sale')).toBe(true);
  });

  it('reads back its own CSV export without creating anything', async () => {
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/product/export?format=csv&currency=USD',
      headers: bearer(admin),
    });
    expect(exported.statusCode).toBe(200);
    const before = await productCount();
    const response = await send('products-2026-11-26.csv', exported.body);
    const data = response.json().data;
    expect(data.created).toBe(0);
    expect(data.refused).toBe(0);
    expect(data.updated).toBe(before);
    expect(await productCount()).toBe(before);
  });

  it('answers a missing or unreadable file in words', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/product/import',
      payload: '------b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=----b', ...bearer(admin) },
    });
    expect(empty.statusCode).toBe(400);
    assertMatchesContract('importProducts', empty);
    expect(empty.json().message).toBe('Please select a file to import.');

    for (const [name, content, message] of [
      ['broken.json', '[{"title": ', 'The file is not valid JSON.'],
      ['object.json', '{"title": "x"}', 'A JSON import is an array of products.'],
      ['empty.json', '[]', 'The file holds no products.'],
      ['notes.csv', 'name,cost\r\nx,1', /needs a header row with a title column/],
      ['bad.csv', 'title,price\r\n"unclosed,1', /not a CSV the import can read/],
      [
        'big.json',
        JSON.stringify(Array.from({ length: 5001 }, () => ({}))),
        'A file can hold at most 5,000 products.',
      ],
    ] as const) {
      const response = await send(name, content);
      expect(response.statusCode, name).toBe(422);
      assertMatchesContract('importProducts', response);
      if (typeof message === 'string') expect(response.json().message).toBe(message);
      else expect(response.json().message).toMatch(message);
    }
  });

  it('is for staff with the products permission', async () => {
    const csv = 'title,price\r\nNope,1';
    expect((await send('a.csv', csv, null)).statusCode).toBe(401);
    expect((await send('a.csv', csv, await demoShopperToken(t.app))).statusCode).toBe(403);
    const reports = await send('a.csv', csv, await limitedStaffToken(t.app, t.db, ['reports']));
    expect(reports.statusCode).toBe(403);
    assertMatchesContract('importProducts', reports);
    expect(await t.db.select().from(products).where(eq(products.title, 'Nope'))).toEqual([]);
  });
});
