import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  apiDailyCounts,
  currencyRates,
  customers,
  daySummaries,
  disputeMessages,
  disputes,
  hourSummaries,
  orderForwardings,
  orderItems,
  orders,
  products,
  refunds,
  siteVisits,
  stores,
  summaryDirtyDays,
} from '../../db/schema.ts';
import { API_COUNT_FLUSH_MS } from '../../http/api-counter.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, createStaff, loginStaff } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { conversionPercent, overview } from './stats.repository.ts';
import { figures, type SummedRow } from './stats.summaries.ts';
import { refreshSummaries, SUMMARY_BATCH_DAYS, summariesGeneration } from './stats.summing.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const utcDate = (date: Date) => date.toISOString().slice(0, 10);

describe('the dashboard figures', () => {
  let t: TestApp;
  let dashboard: string;
  let reports: string;
  let productsOnly: string;
  let now: Date;
  const ago = (ms: number) => new Date(now.getTime() - ms);

  beforeAll(async () => {
    t = await createTestApp();
    for (const [email, permissions] of [
      ['dash@example.com', ['dashboard']],
      ['reports@example.com', ['reports']],
      ['catalogue@example.com', ['products']],
    ] as const) {
      await createStaff(t.db, {
        email,
        password: 'password-123',
        role: 'Support',
        permissions: [...permissions],
      });
    }
    dashboard = await loginStaff(t.app, 'dash@example.com', 'password-123');
    reports = await loginStaff(t.app, 'reports@example.com', 'password-123');
    productsOnly = await loginStaff(t.app, 'catalogue@example.com', 'password-123');
    now = new Date();

    await t.db.insert(currencyRates).values([
      { code: 'USD', rate: '1', symbol: '$' },
      // Today's rate; the BDT order below was priced at 120 and is reported at that rate.
      { code: 'BDT', rate: '150', symbol: '৳' },
    ]);
    const [lamp, mug, cap] = await t.db
      .insert(products)
      .values([
        { productId: 'p1', source: 'manual', status: 'published', title: 'Alpha Lamp', stock: 5 },
        { productId: 'p2', source: 'manual', status: 'out_of_stock', title: 'Beta Mug', stock: 0 },
        { productId: 'p3', source: 'manual', status: 'draft', title: 'Gamma Cap', stock: 9 },
        { productId: 'p4', source: 'manual', status: 'published', title: 'Sold Out Stool', stock: 0 },
        // Vendors' products: two wait for approval (a draft among them), one was rejected.
        {
          productId: 'p5',
          source: 'vendor',
          status: 'published',
          approval: 'pending',
          title: 'Vendor Vase',
          stock: 2,
        },
        {
          productId: 'p6',
          source: 'vendor',
          status: 'draft',
          approval: 'pending',
          title: 'Vendor Bowl',
          stock: 4,
        },
        {
          productId: 'p7',
          source: 'vendor',
          status: 'draft',
          approval: 'rejected',
          title: 'Vendor Jug',
          stock: 1,
        },
      ])
      .returning();
    if (!lamp || !mug || !cap) throw new Error('products not inserted');

    let number = 0;
    const orderIds: string[] = [];
    const order = async (
      values: Partial<typeof orders.$inferInsert> & { totalMinor: number; createdAt: Date },
      items: Array<{ product?: string; name: string; quantity: number }>,
    ) => {
      number += 1;
      const [row] = await t.db
        .insert(orders)
        .values({
          orderNumber: `ORD-TEST-${number}`,
          customerName: 'Test Buyer',
          customerEmail: 'buyer@example.com',
          itemsMinor: values.totalMinor,
          shippingMinor: 0,
          taxMinor: 0,
          paymentMethod: 'Credit Card',
          shipAddress: '1 Test Road',
          shipCountry: 'BD',
          ...values,
        })
        .returning();
      if (!row) throw new Error('order not inserted');
      orderIds.push(row.id);
      if (items.length > 0) {
        await t.db.insert(orderItems).values(
          items.map((item, position) => ({
            orderId: row.id,
            productId: item.product ?? null,
            name: item.name,
            quantity: item.quantity,
            unitPriceMinor: 100,
            lineTotalMinor: 100 * item.quantity,
            currency: 'USD',
            position,
          })),
        );
      }
    };
    // Paid today, in USD, with a line for a product deleted since (only its name is left).
    await order(
      { totalMinor: 100_00, isPaid: true, paidAt: ago(1000), createdAt: ago(1000), channel: 'b2c' },
      [
        { product: lamp.id, name: 'Alpha Lamp (as sold)', quantity: 3 },
        { name: 'Old Kettle', quantity: 3 },
      ],
    );
    // Paid three days ago in BDT, priced at 120 BDT per USD: 12,000.00 BDT is 100 USD.
    await order(
      {
        totalMinor: 12_000_00,
        currency: 'BDT',
        rate: '120',
        isPaid: true,
        paidAt: ago(3 * DAY),
        createdAt: ago(3 * DAY),
        channel: 'd2c',
        status: 'Shipped',
        shipCountry: 'US',
      },
      [{ product: mug.id, name: 'Beta Mug', quantity: 1 }],
    );
    // Paid ten days ago and delivered.
    await order(
      {
        totalMinor: 50_00,
        isPaid: true,
        paidAt: ago(10 * DAY),
        createdAt: ago(10 * DAY),
        channel: 'b2b',
        status: 'Delivered',
        isDelivered: true,
      },
      [
        { product: lamp.id, name: 'Alpha Lamp', quantity: 1 },
        { product: cap.id, name: 'Gamma Cap', quantity: 5 },
        { name: 'Delta Pen', quantity: 1 },
        { name: 'Epsilon Ink', quantity: 1 },
      ],
    );
    // Forty days ago: outside every window.
    await order(
      {
        totalMinor: 70_00,
        isPaid: true,
        paidAt: ago(40 * DAY),
        createdAt: ago(40 * DAY),
        status: 'Completed',
        isDelivered: true,
      },
      [{ product: mug.id, name: 'Beta Mug', quantity: 10 }],
    );
    // Placed today, not paid.
    await order({ totalMinor: 30_00, createdAt: ago(500), shipCountry: 'GB' }, []);
    // Paid five days ago, cancelled and refunded two days ago.
    await order(
      {
        totalMinor: 20_00,
        isPaid: true,
        paidAt: ago(5 * DAY),
        createdAt: ago(5 * DAY),
        status: 'Cancelled',
        refundedMinor: 20_00,
        refundedAt: ago(2 * DAY),
      },
      [{ product: mug.id, name: 'Beta Mug', quantity: 1 }],
    );
    const [, bdtOrder, , , , cancelledOrder] = orderIds;
    if (!bdtOrder || !cancelledOrder) throw new Error('orders not inserted');
    await t.db.insert(refunds).values([
      // The cancelled order paid back in full two days ago.
      {
        orderId: cancelledOrder,
        amountMinor: 20_00,
        currency: 'USD',
        reason: 'Cancelled',
        createdBy: 'dash',
        createdAt: ago(2 * DAY),
      },
      // 1,200.00 BDT of the BDT order yesterday: 10 USD at the order's rate (8 at today's).
      {
        orderId: bdtOrder,
        amountMinor: 1_200_00,
        currency: 'BDT',
        reason: 'Damaged',
        createdBy: 'dash',
        createdAt: ago(DAY),
      },
    ]);
    // A paid order whose supplier order could not be placed.
    await t.db.insert(orderForwardings).values({ orderId: bdtOrder, status: 'Failed', attempts: 1 });

    await t.db.insert(siteVisits).values([
      { visitorId: 'a', path: '/', at: ago(2000) },
      { visitorId: 'a', path: '/cart', at: ago(1500) },
      { visitorId: 'b', path: '/', at: ago(1200) },
      { visitorId: 'd', path: '/search', at: ago(900) },
      { visitorId: 'c', path: '/', at: ago(2 * DAY) },
    ]);

    await t.db.insert(stores).values([
      { name: 'Pending Crafts', email: 'pending@example.com', status: 'pending' },
      { name: 'Active Goods', email: 'active@example.com' },
    ]);

    const [customer] = await t.db
      .insert(customers)
      .values({ username: 'buyer', email: 'buyer@example.com', name: 'Test Buyer', passwordHash: 'x' })
      .returning();
    if (!customer) throw new Error('customer not inserted');
    /** A dispute with its response clock (`waitingSince`) and messages, some read by staff. */
    const dispute = async (
      status: (typeof disputes.$inferInsert)['status'],
      waitingSince: Date | null,
      messages: Array<{ sender: 'user' | 'admin' | 'support'; at: Date; readAt?: Date }>,
    ) => {
      const [row] = await t.db
        .insert(disputes)
        .values({
          customerId: customer.id,
          subject: 'Help',
          description: 'Please help',
          status,
          waitingSince,
          createdAt: ago(4 * DAY),
        })
        .returning();
      if (!row) throw new Error('dispute not inserted');
      await t.db.insert(disputeMessages).values(
        messages.map((m) => ({
          disputeId: row.id,
          sender: m.sender,
          message: 'text',
          createdAt: m.at,
          readByStaffAt: m.readAt ?? null,
        })),
      );
    };
    // Escalated, two shopper messages nobody read; waiting three days.
    await dispute('escalated', ago(3 * DAY), [
      { sender: 'user', at: ago(3 * DAY) },
      { sender: 'user', at: ago(2 * DAY) },
    ]);
    // Open, the shopper has waited three days.
    await dispute('open', ago(3 * DAY), [{ sender: 'user', at: ago(3 * DAY) }]);
    // Answered, then the shopper wrote again yesterday: one unread, not yet waiting 48 hours.
    await dispute('open', ago(DAY), [
      { sender: 'user', at: ago(3 * DAY), readAt: ago(2 * DAY) },
      { sender: 'support', at: ago(2 * DAY) },
      { sender: 'user', at: ago(DAY) },
    ]);
    // Under review, written an hour ago.
    await dispute('under_review', ago(HOUR), [{ sender: 'user', at: ago(HOUR) }]);
    // Resolved: staff read it and the clock stopped.
    await dispute('resolved', null, [{ sender: 'user', at: ago(3 * DAY), readAt: ago(2 * DAY) }]);

    await t.db.insert(activityLog).values([
      { actorType: 'admin', action: 'marketplace.fetch', outcome: 'failed', at: ago(HOUR) },
      { actorType: 'admin', action: 'product.import', outcome: 'failed', at: ago(2 * DAY) },
      { actorType: 'admin', action: 'product.import', outcome: 'success', at: ago(HOUR) },
    ]);

    await t.db.insert(apiDailyCounts).values([
      { day: utcDate(ago(DAY)), count: 50 },
      { day: utcDate(ago(13 * DAY)), count: 7 },
      { day: utcDate(ago(14 * DAY)), count: 999 },
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, token = dashboard) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('computes sales, orders, traffic, conversion, top products, revenue against refunds and geography', async () => {
    const response = await get('/api/stats/overview');
    expect(response.statusCode).toBe(200);
    assertMatchesContract('getStatsOverview', response);
    const data = response.json().data;
    expect(data).toMatchObject({
      salesToday: 100,
      salesWeek: 220,
      salesMonth: 270,
      orders: { b2c: 3, d2c: 1, b2b: 1 },
      traffic: { visitors: 3, pageviews: 4 },
      conversion: 66.67,
      topProducts: ['Gamma Cap', 'Alpha Lamp', 'Old Kettle', 'Beta Mug', 'Delta Pen'],
      geo: [
        { country: 'BD', orders: 3 },
        { country: 'GB', orders: 1 },
        { country: 'US', orders: 1 },
      ],
    });

    const days = data.revenueVsRefund as Array<{ date: string; revenue: number; refund: number }>;
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.date).toBe(utcDate(now));
    expect(days[0]?.date).toBe(utcDate(ago(29 * DAY)));
    const on = (date: Date) => days.find((day) => day.date === utcDate(date));
    expect(on(now)).toEqual({ date: utcDate(now), revenue: 100, refund: 0 });
    expect(on(ago(3 * DAY))?.revenue).toBe(100);
    expect(on(ago(5 * DAY))?.revenue).toBe(20);
    expect(on(ago(10 * DAY))?.revenue).toBe(50);
    expect(on(ago(2 * DAY))?.refund).toBe(20);
    expect(on(ago(DAY))?.refund).toBe(10);
    expect(days.reduce((sum, day) => sum + day.revenue, 0)).toBe(270);
    expect(days.reduce((sum, day) => sum + day.refund, 0)).toBe(30);
  });

  it('follows a change to a day already summed: a total corrected, an order cancelled, a late refund', async () => {
    const before = (await get('/api/stats/overview')).json().data;
    // The ten-day-old order's day and the three-day-old one's are summed by now.
    expect(
      await t.db
        .select()
        .from(daySummaries)
        .where(eq(daySummaries.day, utcDate(ago(10 * DAY)))),
    ).not.toEqual([]);
    const [tenDaysAgo] = await t.db.select().from(orders).where(eq(orders.orderNumber, 'ORD-TEST-3'));
    if (!tenDaysAgo) throw new Error('no order of ten days ago');
    await t.db.update(orders).set({ totalMinor: 80_00 }).where(eq(orders.id, tenDaysAgo.id));
    await t.db.insert(refunds).values({
      orderId: tenDaysAgo.id,
      amountMinor: 5_00,
      currency: 'USD',
      reason: 'Late',
      createdBy: 'dash',
      createdAt: ago(9 * DAY),
    });
    const after = (await get('/api/stats/overview')).json().data;
    expect(after.salesMonth).toBe(before.salesMonth + 30);
    const on = (data: typeof after, date: Date) =>
      (data.revenueVsRefund as Array<{ date: string; revenue: number; refund: number }>).find(
        (day) => day.date === utcDate(date),
      );
    expect(on(after, ago(10 * DAY))?.revenue).toBe(80);
    expect(on(after, ago(9 * DAY))?.refund).toBe(5);
    // Cancelled: its five caps are no longer sold, so the caps leave the top of the list.
    await t.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, tenDaysAgo.id));
    const cancelled = (await get('/api/stats/overview')).json().data;
    expect(cancelled.topProducts).not.toContain('Gamma Cap');
    await t.db
      .update(orders)
      .set({ totalMinor: 50_00, status: 'Delivered' })
      .where(eq(orders.id, tenDaysAgo.id));
    await t.db.delete(refunds).where(eq(refunds.reason, 'Late'));
    expect((await get('/api/stats/overview')).json().data).toMatchObject({
      salesMonth: before.salesMonth,
      topProducts: before.topProducts,
    });
  });

  it("sums the month's finished days of units once for visits arriving together, and again when a day changes", async () => {
    // The same database, counted: each read of the finished days' units per product.
    const dialect = new PgDialect();
    let unitSums = 0;
    const counted = new Proxy(t.db, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (property !== 'execute') return typeof value === 'function' ? value.bind(target) : value;
        return (query: SQL) => {
          const { sql: text, params } = dialect.sqlToQuery(query);
          if (text.includes('"day_summaries"') && params.includes('units')) unitSums += 1;
          return target.execute(query);
        };
      },
    }) as typeof t.db;
    const answers = await Promise.all([1, 2, 3].map(() => overview(counted, new Date())));
    expect(unitSums).toBe(1);
    const expected = (await get('/api/stats/overview')).json().data.topProducts;
    expect(answers.map((answer) => answer.topProducts)).toEqual([expected, expected, expected]);
    // Kept while the sums stay the same.
    await overview(counted, new Date());
    expect(unitSums).toBe(1);
    // A finished day's order changes: its day is summed again, and so is the month.
    const [tenDaysAgo] = await t.db.select().from(orders).where(eq(orders.orderNumber, 'ORD-TEST-3'));
    if (!tenDaysAgo) throw new Error('no order of ten days ago');
    await t.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, tenDaysAgo.id));
    try {
      const after = await overview(counted, new Date());
      expect(unitSums).toBe(2);
      expect(after.topProducts).not.toContain('Gamma Cap');
    } finally {
      await t.db.update(orders).set({ status: tenDaysAgo.status }).where(eq(orders.id, tenDaysAgo.id));
    }
  });

  it('counts the week and the month as the last 7 and 30 days ending today, as the chart does', async () => {
    const before = (await get('/api/stats/overview')).json().data;
    const midnightsBack = (days: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * DAY);
    // Paid at the first moment of the week's first day (six midnights back) and just before it; the same at the
    // month's (29 back): 1, 2, 4 and 8 USD.
    const paid = [
      { at: midnightsBack(6), minor: 1_00 },
      { at: new Date(midnightsBack(6).getTime() - 1000), minor: 2_00 },
      { at: midnightsBack(29), minor: 4_00 },
      { at: new Date(midnightsBack(29).getTime() - 1000), minor: 8_00 },
    ];
    await t.db.insert(orders).values(
      paid.map(({ at, minor }, index) => ({
        orderNumber: `ORD-EDGE-${index}`,
        customerName: 'Edge Buyer',
        customerEmail: 'edge@example.com',
        itemsMinor: minor,
        shippingMinor: 0,
        taxMinor: 0,
        totalMinor: minor,
        paymentMethod: 'Credit Card',
        shipAddress: '1 Test Road',
        shipCountry: 'BD',
        isPaid: true,
        paidAt: at,
        createdAt: at,
      })),
    );
    const after = (await get('/api/stats/overview')).json().data;
    await t.db.delete(orders).where(eq(orders.customerName, 'Edge Buyer'));

    const cents = (amount: number) => Math.round(amount * 100);
    expect(cents(after.salesWeek)).toBe(cents(before.salesWeek) + 1_00);
    expect(cents(after.salesMonth)).toBe(cents(before.salesMonth) + 1_00 + 2_00 + 4_00);
    // The month's sales are the chart's revenue added up, and the week's its last seven days.
    const revenue = (after.revenueVsRefund as Array<{ revenue: number }>).map((day) => cents(day.revenue));
    expect(revenue.reduce((sum, day) => sum + day, 0)).toBe(cents(after.salesMonth));
    expect(revenue.slice(-7).reduce((sum, day) => sum + day, 0)).toBe(cents(after.salesWeek));
  });

  it('never shows a conversion above 100%', () => {
    expect(conversionPercent(2, 3)).toBe(66.67);
    expect(conversionPercent(5, 3)).toBe(100);
    expect(conversionPercent(4, 0)).toBe(0);
  });

  it('raises alerts from real conditions, most severe first', async () => {
    const response = await get('/api/admin/alerts', reports);
    expect(response.statusCode).toBe(200);
    assertMatchesContract('listAdminAlerts', response);
    expect(response.json().data).toEqual([
      { message: '1 dispute has been escalated.', severity: 'high', kind: 'disputes' },
      // The escalated one has waited three days as well.
      {
        message: '2 disputes have waited more than 48 hours for a reply.',
        severity: 'high',
        kind: 'disputes',
      },
      { message: '1 order could not be forwarded to AliExpress.', severity: 'high', kind: 'forwarding' },
      {
        message: '1 marketplace request failed in the last 24 hours.',
        severity: 'medium',
        kind: 'marketplace',
      },
      { message: '2 products are out of stock.', severity: 'medium', kind: 'stock' },
    ]);
  });

  it('counts products pending approval, orders awaiting fulfilment, vendor applications and unread shopper messages', async () => {
    const response = await get('/api/admin/pending-actions');
    expect(response.statusCode).toBe(200);
    assertMatchesContract('getPendingActions', response);
    // Products Pending Approval: the two vendor products waiting (not the manual draft, not the rejected one).
    // Orders Awaiting Fulfillment: only the order paid today; the BDT one has shipped.
    expect(response.json().data).toEqual({ products: 2, orders: 1, vendors: 1, support: 5 });
  });

  it('lists API calls for the last 14 days, newest first, today counted live', async () => {
    // Calls are added up in memory and written every API_COUNT_FLUSH_MS: the earlier calls have landed by then.
    await new Promise((resolve) => setTimeout(resolve, API_COUNT_FLUSH_MS + 100));
    const response = await get('/api/stats/daily-count');
    expect(response.statusCode).toBe(200);
    assertMatchesContract('getDailyCount', response);
    const data = response.json().data as Array<{ date: string; count: number }>;
    expect(data).toHaveLength(14);
    expect(data[0]?.date).toBe(utcDate(now));
    expect(data[0]?.count).toBeGreaterThan(0);
    expect(data[1]).toEqual({ date: utcDate(ago(DAY)), count: 50 });
    expect(data[13]).toEqual({ date: utcDate(ago(13 * DAY)), count: 7 });
    expect(data.slice(2, 13).every((day) => day.count === 0)).toBe(true);
    expect((await get('/api/stats/daily-count?days=3')).json().data).toHaveLength(3);
    expect((await get('/api/stats/daily-count?days=91')).statusCode).toBe(400);
  });

  it('is for staff with the dashboard or reports permission', async () => {
    for (const url of [
      '/api/stats/overview',
      '/api/admin/alerts',
      '/api/admin/pending-actions',
      '/api/stats/daily-count',
    ]) {
      const refused = await get(url, productsOnly);
      expect(refused.statusCode, url).toBe(403);
      expect((await get(url, reports)).statusCode, url).toBe(200);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  describe('POST /api/stats/visit', () => {
    const visit = (payload: object) => t.app.inject({ method: 'POST', url: '/api/stats/visit', payload });

    it('records page views for the traffic figures, a quick repeat only once', async () => {
      const before = (await get('/api/stats/overview')).json().data.traffic;
      const first = await visit({ path: '/products/abc', visitorId: 'visitor-new' });
      expect(first.statusCode).toBe(201);
      assertMatchesContract('recordVisit', first);
      expect(first.json()).toEqual({ success: true, data: { recorded: true } });
      expect((await visit({ path: '/products/abc', visitorId: 'visitor-new' })).json().data.recorded).toBe(
        false,
      );
      expect(
        (await visit({ path: '/cart', visitorId: 'visitor-new', country: 'BD' })).json().data.recorded,
      ).toBe(true);
      const after = (await get('/api/stats/overview')).json().data.traffic;
      expect(after).toEqual({ visitors: before.visitors + 1, pageviews: before.pageviews + 2 });
    });

    it('refuses paths that are not storefront paths and missing visitor ids', async () => {
      for (const payload of [
        { path: 'cart', visitorId: 'v' },
        { path: '/cart' },
        { path: '/cart', visitorId: '' },
      ]) {
        const response = await visit(payload);
        expect(response.statusCode).toBe(400);
        assertMatchesContract('recordVisit', response);
      }
    });
  });
});

describe('a backlog of changed days', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is summed in batches, once each, by readers arriving together, each seeing every day summed', async () => {
    const now = new Date();
    // More days than three batches, as after a restore: one paid order a day of 2.00 in a currency
    // worth half a dollar.
    const days = 3 * SUMMARY_BATCH_DAYS + 7;
    await t.db.insert(orders).values(
      Array.from({ length: days }, (_, index) => {
        const at = new Date(now.getTime() - (index + 1) * DAY);
        return {
          orderNumber: `ORD-BACKLOG-${index}`,
          customerName: 'Backlog Buyer',
          customerEmail: 'backlog@example.com',
          currency: 'EUR',
          rate: '2',
          itemsMinor: 2_00,
          shippingMinor: 0,
          taxMinor: 0,
          totalMinor: 2_00,
          isPaid: true,
          paidAt: at,
          paymentMethod: 'Credit Card',
          shipAddress: '1 Test Road',
          shipCountry: 'BD',
          createdAt: at,
        };
      }),
    );
    const changedDays = () =>
      t.db
        .select()
        .from(summaryDirtyDays)
        .where(lt(summaryDirtyDays.day, utcDate(now)));
    const backlog = await changedDays();
    expect(backlog.length).toBeGreaterThanOrEqual(days);
    const generationBefore = await summariesGeneration(t.db);

    // On PostgreSQL the three run on connections of their own and share the batches; PGlite takes them in turn.
    // Whichever finishes first, no day is left to sum when it answers: it waited for the others' batches.
    const leftWhenDone = await Promise.all(
      [1, 2, 3].map(async () => {
        await refreshSummaries(t.db, now);
        return (await changedDays()).length;
      }),
    );
    expect(leftWhenDone).toEqual([0, 0, 0]);
    const paid = await t.db
      .select()
      .from(daySummaries)
      .where(
        and(
          eq(daySummaries.metric, 'paid'),
          gte(daySummaries.day, utcDate(new Date(now.getTime() - days * DAY))),
        ),
      );
    // One row a day, never summed twice: each holds its day's one order.
    expect(paid).toHaveLength(days);
    expect(paid.every((row) => Number(row.value) === 2_00 && Number(row.rate) === 2)).toBe(true);
    // Each batch moves the generation on once, so figures kept from before the backlog are read again.
    expect(await summariesGeneration(t.db)).toBe(
      generationBefore + Math.ceil(backlog.length / SUMMARY_BATCH_DAYS),
    );
  });
});

describe("today's finished hours", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  // A fixed day, whatever the clock says: the triggers mark every hour a row is in.
  const at = (time: string) => new Date(`2026-03-10T${time}:00.000Z`);
  const midnight = at('00:00');
  const onwards = new Date('9999-12-31T00:00:00.000Z');
  const paidOrder = (number: string, paidAt: Date, totalMinor: number) => ({
    orderNumber: number,
    customerName: 'Hourly Buyer',
    customerEmail: 'hourly@example.com',
    itemsMinor: totalMinor,
    shippingMinor: 0,
    taxMinor: 0,
    totalMinor,
    isPaid: true,
    paidAt,
    paymentMethod: 'Credit Card',
    shipAddress: '1 Test Road',
    shipCountry: 'BD',
    createdAt: paidAt,
  });
  /** Today's sales, placed orders and sales per day, as the dashboard asks them, after the sums are refreshed. */
  const today = async (now: Date) => {
    await refreshSummaries(t.db, now);
    const found = await figures(t.db, now, {
      paid: { metric: 'paid', from: midnight, to: onwards },
      placed: { metric: 'placed', from: midnight, to: onwards },
      chart: { metric: 'paid', from: midnight, to: onwards, byDay: true },
    });
    const total = (rows: SummedRow[], key?: string) =>
      rows.filter((row) => key === undefined || row.key === key).reduce((sum, row) => sum + row.value, 0);
    return {
      paid: total(found.paid),
      placed: total(found.placed, 'all'),
      chart: found.chart.map((row) => ({ day: row.day, value: row.value })),
    };
  };
  const hourSums = () =>
    t.db.select().from(hourSummaries).where(eq(hourSummaries.metric, 'paid')).orderBy(hourSummaries.hour);

  it('reads the hours before the current one from their sums, kept up to date as orders change', async () => {
    await t.db
      .insert(orders)
      .values([
        paidOrder('ORD-HOUR-1', new Date('2026-03-09T23:50:00.000Z'), 1_00),
        paidOrder('ORD-HOUR-2', at('02:10'), 2_00),
        paidOrder('ORD-HOUR-3', at('09:45'), 4_00),
        paidOrder('ORD-HOUR-4', at('15:05'), 8_00),
      ]);
    const now = at('15:30');
    expect(await today(now)).toEqual({
      paid: 14_00,
      placed: 3,
      chart: [{ day: '2026-03-10', value: 14_00 }],
    });
    // Summed: today's hours before the current one, not the current one nor yesterday's (the day's sums hold it).
    expect((await hourSums()).map((row) => [row.hour.toISOString(), Number(row.value)])).toEqual([
      [at('02:00').toISOString(), 2_00],
      [at('09:00').toISOString(), 4_00],
    ]);

    // What is read is the sums: a wrong sum shows until its hour changes, and a change sums it again.
    await t.db
      .update(hourSummaries)
      .set({ value: 50_00 })
      .where(and(eq(hourSummaries.metric, 'paid'), eq(hourSummaries.hour, at('02:00'))));
    expect((await today(now)).paid).toBe(62_00);
    await t.db.update(orders).set({ totalMinor: 3_00 }).where(eq(orders.orderNumber, 'ORD-HOUR-2'));
    expect((await today(now)).paid).toBe(15_00);

    // The current hour is read from the rows: a new order counts at once.
    await t.db.insert(orders).values(paidOrder('ORD-HOUR-5', at('15:20'), 16_00));
    expect(await today(now)).toMatchObject({ paid: 31_00, placed: 4 });

    // An hour later the 15:00 hour is summed too, and the figures stay the same.
    const later = at('16:05');
    expect(await today(later)).toMatchObject({ paid: 31_00, placed: 4 });
    expect((await hourSums()).map((row) => row.hour.toISOString())).toEqual(
      ['02:00', '09:00', '15:00'].map((time) => at(time).toISOString()),
    );

    // The next day yesterday's hours are dropped once a new hour is summed, and the day is read from its sums.
    const tomorrow = new Date('2026-03-11T01:05:00.000Z');
    await t.db.insert(orders).values(paidOrder('ORD-HOUR-6', new Date('2026-03-11T00:10:00.000Z'), 32_00));
    await refreshSummaries(t.db, tomorrow);
    expect((await hourSums()).map((row) => [row.hour.toISOString(), Number(row.value)])).toEqual([
      ['2026-03-11T00:00:00.000Z', 32_00],
    ]);
    const found = await figures(t.db, tomorrow, {
      chart: { metric: 'paid', from: midnight, to: onwards, byDay: true },
    });
    expect(found.chart.map((row) => [row.day, row.value]).sort()).toEqual([
      ['2026-03-10', 31_00],
      ['2026-03-11', 32_00],
    ]);
  });

  it('is summed once by readers arriving together, each answering with every hour summed', async () => {
    const day = (time: string) => new Date(`2026-04-02T${time}:00.000Z`);
    // One paid order of 1.00 an hour, from midnight to 09:00.
    await t.db
      .insert(orders)
      .values(
        Array.from({ length: 10 }, (_, hour) =>
          paidOrder(`ORD-HOURS-${hour}`, day(`${String(hour).padStart(2, '0')}:30`), 1_00),
        ),
      );
    const now = day('09:45');
    const onDay = { from: day('00:00'), to: onwards };
    // On PostgreSQL each reader has a connection of its own; PGlite takes them in turn.
    const answers = await Promise.all(
      [1, 2, 3].map(async () => {
        await refreshSummaries(t.db, now);
        const found = await figures(t.db, now, { paid: { metric: 'paid', ...onDay } });
        return found.paid.reduce((sum, row) => sum + row.value, 0);
      }),
    );
    expect(answers).toEqual([10_00, 10_00, 10_00]);
    const summed = await t.db
      .select()
      .from(hourSummaries)
      .where(and(eq(hourSummaries.metric, 'paid'), gte(hourSummaries.hour, day('00:00'))));
    // Each hour before 09:00 once, holding its one order.
    expect(summed.map((row) => [row.hour.toISOString(), Number(row.value)])).toEqual(
      Array.from({ length: 9 }, (_, hour) => [
        day(`${String(hour).padStart(2, '0')}:00`).toISOString(),
        1_00,
      ]),
    );
  });
});
