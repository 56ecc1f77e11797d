import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, disputes, refunds, siteVisits } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, limitedStaffToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestOrder } from '../refunds/refunds.fixtures.ts';

const at = (iso: string) => new Date(iso);

describe('Analytics & Reports', () => {
  let t: TestApp;
  let reports: string;

  beforeAll(async () => {
    t = await createTestApp();
    reports = await limitedStaffToken(t.app, t.db, ['reports']);
    const line = (name: string, unitPriceMinor: number, quantity = 1) => ({
      productId: null,
      name,
      quantity,
      unitPriceMinor,
    });
    // In the range 2026-11-01..10: 100.00 USD and 1,210.00 BDT at 121 (10.00 USD), both from shoppers.
    const usd = await insertTestOrder(t.db, {
      lines: [line('Lamp', 50_00, 2)],
      paidAt: at('2026-11-02T10:00:00Z'),
      createdAt: at('2026-11-02T09:00:00Z'),
      shipCountry: 'US',
    });
    await insertTestOrder(t.db, {
      lines: [line('Kettle', 1210_00)],
      currency: 'BDT',
      rate: '121',
      paidAt: at('2026-11-05T10:00:00Z'),
      createdAt: at('2026-11-05T09:00:00Z'),
    });
    // An unpaid order placed in the range: an order, no sales.
    await insertTestOrder(t.db, {
      lines: [line('Mug', 5_00)],
      isPaid: false,
      paidAt: null,
      createdAt: at('2026-11-06T09:00:00Z'),
    });
    // The ten days before: 55.00 USD.
    await insertTestOrder(t.db, {
      lines: [line('Lamp', 55_00)],
      paidAt: at('2026-10-25T10:00:00Z'),
      createdAt: at('2026-10-25T09:00:00Z'),
    });
    await t.db.insert(siteVisits).values([
      { visitorId: 'v1', path: '/', at: at('2026-11-02T08:00:00Z') },
      { visitorId: 'v1', path: '/p/1', at: at('2026-11-02T08:05:00Z') },
      { visitorId: 'v2', path: '/', at: at('2026-11-02T12:00:00Z') },
      { visitorId: 'v2', path: '/', at: at('2026-11-03T12:00:00Z') },
      { visitorId: 'v3', path: '/', at: at('2026-10-20T12:00:00Z') },
    ]);
    await t.db.insert(refunds).values({
      orderId: usd.id,
      amountMinor: 20_00,
      currency: 'USD',
      reason: '=HYPERLINK("x") damaged',
      createdBy: 'Store Admin',
      createdAt: at('2026-11-03T10:00:00Z'),
    });
    const shopper = await registerShopper(t.app);
    const [customer] = await t.db.select().from(customers).limit(1);
    await t.db.insert(disputes).values({
      customerId: customer?.id ?? shopper.id,
      subject: 'Broken lamp',
      description: 'It arrived broken.',
      category: 'product_quality',
      createdAt: at('2026-11-04T10:00:00Z'),
    });
  });
  afterAll(() => t.close());

  const get = (url: string, token: string | null = reports) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const post = (payload: object, token: string | null = reports) =>
    t.app.inject({
      method: 'POST',
      url: '/api/analytics/reports',
      headers: token ? bearer(token) : {},
      payload,
    });

  it('is for staff with the reports permission only', async () => {
    const shopper = (await registerShopper(t.app)).token;
    const noReports = await limitedStaffToken(t.app, t.db, ['orders', 'products', 'settings']);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const token of [null, shopper, noReports]) {
      const expected = token === null ? 401 : 403;
      expect((await get('/api/analytics/overview', token)).statusCode).toBe(expected);
      expect((await get('/api/analytics/reports', token)).statusCode).toBe(expected);
      expect((await post({ type: 'refunds', from: '2026-11-01', to: '2026-11-10' }, token)).statusCode).toBe(
        expected,
      );
      expect((await get(`/api/analytics/reports/${unknown}/download`, token)).statusCode).toBe(expected);
    }
  });

  it('compares each figure with the period of the same length before', async () => {
    const response = await get('/api/analytics/overview?from=2026-11-01&to=2026-11-10');
    expect(response.statusCode).toBe(200);
    assertMatchesContract('getAnalytics', response);
    const data = response.json().data;
    expect(data).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-10',
      previousFrom: '2026-10-22',
      previousTo: '2026-10-31',
      sales: { value: 110, previous: 55, change: 100 },
      orders: { value: 3, previous: 1, change: 200 },
      visits: { value: 3, previous: 0, change: null },
      conversion: { value: 100, previous: 0, change: null },
    });
    expect(data.series).toHaveLength(10);
    expect(data.series[1]).toEqual({ date: '2026-11-02', sales: 100, orders: 1, visits: 2 });
    expect(data.series[4]).toEqual({ date: '2026-11-05', sales: 10, orders: 1, visits: 0 });
  });

  it('refuses a backwards, too long or malformed range', async () => {
    for (const query of [
      'from=2026-11-10&to=2026-11-01',
      'from=2025-01-01&to=2026-11-01',
      'from=2026-13-01&to=2026-11-01',
    ]) {
      const response = await get(`/api/analytics/overview?${query}`);
      expect(response.statusCode, query).toBe(400);
      assertMatchesContract('getAnalytics', response);
    }
  });

  it('generates reports as CSV files kept in the report log', async () => {
    const byProduct = await post({ type: 'sales-by-product', from: '2026-11-01', to: '2026-11-10' });
    expect(byProduct.statusCode).toBe(201);
    assertMatchesContract('generateReport', byProduct);
    const report = byProduct.json().data;
    expect(report).toMatchObject({
      name: 'Sales by product, 2026-11-01 to 2026-11-10',
      status: 'Ready',
      rowCount: 2,
      createdBy: expect.any(String),
    });
    const file = await get(`/api/analytics/reports/${report.id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="sales-by-product-2026-11-01-to-2026-11-10.csv"',
    );
    expect(file.body).toBe('product,units,sales_usd\r\nLamp,2,100.00\r\nKettle,1,10.00\r\n');

    const byCountry = (await post({ type: 'sales-by-country', from: '2026-11-01', to: '2026-11-10' })).json()
      .data;
    const countries = await get(`/api/analytics/reports/${byCountry.id}/download`);
    expect(countries.body).toBe('country,orders,sales_usd\r\nUS,1,100.00\r\nBD,1,10.00\r\n');

    const refundReport = (await post({ type: 'refunds', from: '2026-11-01', to: '2026-11-10' })).json().data;
    const refundFile = (await get(`/api/analytics/reports/${refundReport.id}/download`)).body;
    expect(refundFile.split('\r\n')[0]).toBe('date,order,customer,amount,currency,status,reason');
    // A reason that would run as a spreadsheet formula is defused.
    expect(refundFile).toContain(`,20.00,USD,Pending,"'=HYPERLINK(""x"") damaged"`);

    const disputeReport = (await post({ type: 'disputes', from: '2026-11-01', to: '2026-11-10' })).json()
      .data;
    expect(disputeReport.rowCount).toBe(1);
    const daily = (await post({ type: 'sales-by-day', from: '2026-11-01', to: '2026-11-03' })).json().data;
    expect((await get(`/api/analytics/reports/${daily.id}/download`)).body).toBe(
      'date,orders,sales_usd\r\n2026-11-01,0,0.00\r\n2026-11-02,1,100.00\r\n2026-11-03,0,0.00\r\n',
    );

    const page1 = await get('/api/analytics/reports');
    assertMatchesContract('listReports', page1);
    expect(page1.json().data).toHaveLength(3);
    expect(page1.json().meta).toEqual({ page: 1, limit: 3, total: 5 });
    expect(page1.json().data[0].id).toBe(daily.id);
    const page2 = (await get('/api/analytics/reports?page=2')).json();
    expect(page2.data.map((row: { id: string }) => row.id)).toEqual([byCountry.id, report.id]);

    for (const bad of [
      { type: 'everything', from: '2026-11-01', to: '2026-11-10' },
      { type: 'refunds', from: '2026-11-10', to: '2026-11-01' },
      { type: 'refunds' },
    ]) {
      expect((await post(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await get('/api/analytics/reports/00000000-0000-4000-8000-000000000000/download')).statusCode,
    ).toBe(404);
  });
});
