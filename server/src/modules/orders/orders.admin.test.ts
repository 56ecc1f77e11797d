import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../db/capped-count.ts';
import {
  activityLog,
  daySummaries,
  orderForwardings,
  orderItems,
  orders,
  productSkus,
  products,
  refunds,
} from '../../db/schema.ts';
import { DEMO_ADMIN } from '../../db/seed/accounts.ts';
import type { OperationId } from '../../http/contract-types.ts';
import { BASE_RATE, convertMinor, toAmount } from '../../money/money.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import {
  bearer,
  demoAdminToken,
  demoShopperToken,
  limitedStaffToken,
  type RegisteredShopper,
  registerShopper,
} from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { AWAITING_SHIPMENT } from '../order-lifecycle/index.ts';
import { insertTestOrder } from '../refunds/refunds.fixtures.ts';
import { WALK_BOUND } from './orders.admin.repository.ts';
import { insertTestProduct } from './orders.fixtures.ts';

interface AdminOrderBody {
  _id: string;
  id: string;
  customer: string;
  email: string;
  phone: string | null;
  status: string;
  total: number;
  currency: string;
  channel: string;
  items: Array<{
    sku: string;
    name: string;
    qty: number;
    price: number;
    total: number;
    productId: string | null;
    delivery?: { code: string; company: string; fee: number } | null;
  }>;
  shipping: {
    method: string;
    tracking: string | null;
    address: string;
    cost: number;
    carrier: string | null;
  };
  payment: { method: string; gatewayRef: string | null; status: string; paidAt: string | null };
  statusHistory: Array<{ status: string; by: string; note?: string | null }>;
  customerId: string | null;
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  tax: { rate: number; inclusive: boolean; label: string };
  discount: number;
  refunded: number;
  rate: string;
  notes: string | null;
  reason: string | null;
  archived: boolean;
  shippingAddress: Record<string, unknown>;
  refunds: Array<{ id: string; amount: number; status: string }>;
  forwarding: { aeOrderId: string | null; status: string; product: string } | null;
  allowedStatuses: string[];
}

interface ListBody {
  data: AdminOrderBody[];
  meta: { page: number; limit: number; total: number; capped?: boolean };
  stats: {
    total: number;
    capped: boolean;
    pending: number | null;
    shipped: number | null;
    revenue: number | null;
    currency: string;
  };
}

const DAY = 24 * 60 * 60 * 1000;
const utcDate = (date: Date) => date.toISOString().slice(0, 10);

/** Orders of this test's own customer, found by searching the name. */
const STATS_NAME = 'Statsy McFigure';

describe('staff order API', () => {
  let t: TestApp;
  let admin: string;
  let shopper: RegisteredShopper;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    shopper = await registerShopper(t.app, { name: 'Farhana Akter' });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { payload?: object; token?: string | null } = {},
  ) => {
    const token = options.token === undefined ? admin : options.token;
    return t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(options.payload ? { payload: options.payload } : {}),
    });
  };

  /** Calls, checks the status and the answer against the contract, and answers the body. */
  async function expectAnswer<T>(
    operationId: OperationId,
    response: Awaited<ReturnType<typeof call>>,
    status: number,
  ): Promise<T> {
    expect(response.statusCode, response.body).toBe(status);
    assertMatchesContract(operationId, response);
    return response.json<T>();
  }

  async function stockOf(productId: string) {
    const [product] = await t.db
      .select({ stock: products.stock, status: products.status, sales: products.salesCount })
      .from(products)
      .where(eq(products.id, productId));
    const skus = await t.db
      .select({ skuId: productSkus.skuId, stock: productSkus.stock })
      .from(productSkus)
      .where(eq(productSkus.productId, productId));
    return { ...product, skus: Object.fromEntries(skus.map((sku) => [sku.skuId, sku.stock])) };
  }

  /** A manual order through the API (it takes the stock like a shopper's order). */
  async function manualOrder(payload: Record<string, unknown>): Promise<AdminOrderBody> {
    const response = await call('POST', '/orders', {
      payload: { address: 'House 3, Road 9, Gulshan, Dhaka 1212, BD', paymentMethod: 'Cash', ...payload },
    });
    return (await expectAnswer<{ data: AdminOrderBody }>('createAdminOrder', response, 201)).data;
  }

  describe('who may call it', () => {
    it('answers 401 without a token and 403 to a shopper, on every kind of call', async () => {
      const shopperToken = await demoShopperToken(t.app);
      const calls: Array<[OperationId, 'GET' | 'POST' | 'PUT', string, object?]> = [
        ['listAdminOrders', 'GET', '/orders'],
        ['getAdminOrder', 'GET', '/orders/ORD-20260101-0001'],
        ['createAdminOrder', 'POST', '/orders', { productId: 'x', address: 'y', paymentMethod: 'Cash' }],
        ['changeOrderStatus', 'POST', '/orders/ORD-20260101-0001/status', { status: 'Cancelled' }],
        ['exportOrders', 'GET', '/orders/export'],
      ];
      for (const [operationId, method, url, payload] of calls) {
        const anonymous = await call(method, url, { token: null, ...(payload ? { payload } : {}) });
        expect(anonymous.statusCode, `${operationId} without a token`).toBe(401);
        assertMatchesContract(operationId, anonymous);
        const asShopper = await call(method, url, { token: shopperToken, ...(payload ? { payload } : {}) });
        expect(asShopper.statusCode, `${operationId} as a shopper`).toBe(403);
        assertMatchesContract(operationId, asShopper);
      }
    });

    it('lets staff with the orders permission (not only the super admin) in', async () => {
      const ordersStaff = await limitedStaffToken(t.app, t.db, ['orders'], 'Support');
      const response = await call('GET', '/orders', { token: ordersStaff });
      await expectAnswer('listAdminOrders', response, 200);
    });
  });

  describe('the demo data', () => {
    it('keeps each order’s own rate, a Processing order and who made each move', async () => {
      const body = await expectAnswer<ListBody>(
        'listAdminOrders',
        await call('GET', '/orders?limit=100'),
        200,
      );
      expect(body.meta.total).toBe(body.data.length);
      expect(body.data.some((order) => order.status === 'Processing')).toBe(true);
      // The demo shopper's bank transfer in BDT keeps the seeded 121.5 BDT per USD.
      const inBdt = body.data.find((order) => order.currency === 'BDT');
      expect(inBdt).toMatchObject({
        rate: '121.500000',
        payment: { status: 'Unpaid', method: 'Bank Transfer' },
      });
      const line = inBdt?.items[0];
      expect(line?.total).toBe(Math.round((line?.price ?? 0) * (line?.qty ?? 0) * 100) / 100);
      for (const order of body.data) {
        expect(order.statusHistory[0]).toMatchObject({ status: 'Placed', by: order.customer });
        expect(order.statusHistory.at(-1)?.status).toBe(order.status);
        if (order.currency === 'USD') expect(order.rate).toBe('1.000000');
      }
      const cancelled = body.data.find((order) => order.status === 'Cancelled');
      expect(cancelled?.reason).toBeTruthy();
      expect(cancelled?.payment.status).toBe('Refunded');
      expect(cancelled?.refunds).toHaveLength(1);
      const shipped = body.data.find((order) => order.status === 'Shipped');
      expect(shipped?.shipping).toMatchObject({ carrier: 'Cainiao' });
      expect(shipped?.shipping.tracking).toMatch(/^LP00/);
    });
  });

  describe('GET /orders', () => {
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const common = { customerName: STATS_NAME, customerEmail: 'statsy@example.com', lines: [] };
      const rows = [
        // 100 USD, paid, awaiting shipment.
        {
          key: 'a',
          status: 'Placed',
          totalMinor: 100_00,
          createdAt: new Date('2025-01-10T23:59:59Z'),
        },
        // 12,600 BDT priced at 120 per USD is 105 USD; 1,260 BDT (10.50 USD) of it was refunded.
        {
          key: 'b',
          status: 'Confirmed',
          currency: 'BDT',
          rate: '120',
          channel: 'd2c',
          totalMinor: 12_600_00,
          refundedMinor: 1_260_00,
          createdAt: new Date('2025-01-11T00:00:00Z'),
        },
        // Shipped but unpaid: counted as shipped, no revenue.
        {
          key: 'c',
          status: 'Shipped',
          isPaid: false,
          totalMinor: 50_00,
          createdAt: new Date('2025-01-12T12:00:00Z'),
        },
        { key: 'd', status: 'Processing', totalMinor: 33_33, createdAt: new Date('2025-01-13T08:00:00Z') },
        // Paid and refunded in full: no revenue.
        {
          key: 'e',
          status: 'Cancelled',
          totalMinor: 20_00,
          refundedMinor: 20_00,
          createdAt: new Date('2025-01-14T08:00:00Z'),
        },
        // Archived: out of the list unless asked for.
        {
          key: 'f',
          status: 'Failed',
          totalMinor: 70_00,
          archivedAt: new Date('2025-01-16T08:00:00Z'),
          createdAt: new Date('2025-01-15T08:00:00Z'),
        },
      ] as const;
      for (const { key, ...values } of rows) {
        const order = await insertTestOrder(t.db, { ...common, ...values });
        ids[key] = order.id;
      }
    });

    const list = async (query: string) =>
      expectAnswer<ListBody>('listAdminOrders', await call('GET', `/orders?${query}`), 200);
    const keysOf = (body: ListBody) =>
      body.data.map((order) => Object.entries(ids).find(([, id]) => id === order._id)?.[0] ?? order.id);

    it('searches by customer name and answers the stat cards over the filtered orders, revenue in USD at each order’s rate', async () => {
      const body = await list(`q=${encodeURIComponent('statsy mcf')}`);
      expect(keysOf(body)).toEqual(['e', 'd', 'c', 'b', 'a']);
      expect(body.meta).toEqual({ page: 1, limit: 20, total: 5, capped: false });
      // Pending: a, b and d are not on their way yet. Revenue: 100 + (105 - 10.50) + 33.33; c is unpaid and e
      // was paid back in full.
      expect(body.stats).toEqual({
        total: 5,
        capped: false,
        pending: 3,
        shipped: 1,
        revenue: 227.83,
        currency: 'USD',
      });
    });

    it('pages in the database, in the asked order', async () => {
      const body = await list(`q=${encodeURIComponent(STATS_NAME)}&sort=oldest&limit=2&page=2`);
      expect(keysOf(body)).toEqual(['c', 'd']);
      expect(body.meta).toEqual({ page: 2, limit: 2, total: 5, capped: false });
      expect(body.stats.total).toBe(5);
    });

    it('sorts by total in USD, so a BDT order sits among USD ones by value', async () => {
      expect(keysOf(await list(`q=${encodeURIComponent(STATS_NAME)}&sort=total_desc`))).toEqual([
        'b',
        'a',
        'c',
        'd',
        'e',
      ]);
      expect(keysOf(await list(`q=${encodeURIComponent(STATS_NAME)}&sort=total_asc`))).toEqual([
        'e',
        'd',
        'c',
        'a',
        'b',
      ]);
    });

    it('filters by several statuses, channel and whole UTC days', async () => {
      const q = `q=${encodeURIComponent(STATS_NAME)}`;
      expect(keysOf(await list(`${q}&status=Placed&status=Shipped`)).sort()).toEqual(['a', 'c']);
      const single = await list(`${q}&status=Processing`);
      expect(keysOf(single)).toEqual(['d']);
      expect(single.stats).toEqual({
        total: 1,
        capped: false,
        pending: 1,
        shipped: 0,
        revenue: 33.33,
        currency: 'USD',
      });
      expect(keysOf(await list(`${q}&channel=d2c`))).toEqual(['b']);
      // 23:59:59 on the 10th is outside the 11th; midnight of the 11th is inside.
      expect(keysOf(await list(`${q}&from=2025-01-11&to=2025-01-12`))).toEqual(['c', 'b']);
      expect(keysOf(await list(`${q}&to=2025-01-10`))).toEqual(['a']);
    });

    it('searches email and order id too, and takes % and _ literally', async () => {
      const byEmail = await list('q=STATSY@EXAMPLE');
      expect(byEmail.meta.total).toBe(5);
      const [a] = await t.db
        .select()
        .from(orders)
        .where(eq(orders.id, ids.a ?? ''));
      expect(keysOf(await list(`q=${encodeURIComponent(a?.orderNumber ?? '')}`))).toEqual(['a']);
      expect((await list(`q=${encodeURIComponent('%')}`)).meta.total).toBe(0);
      expect((await list(`q=${encodeURIComponent('statsy_mcfigure')}`)).meta.total).toBe(0);
    });

    it('hides archived orders unless asked for them', async () => {
      const archived = await list(`q=${encodeURIComponent(STATS_NAME)}&archived=true`);
      expect(keysOf(archived)).toEqual(['f']);
      expect(archived.data[0]?.archived).toBe(true);
    });

    it('counts a search matching more than 10,000 orders up to 10,000, and leaves its other cards out', async () => {
      // 10,001 copies of order a under another name, a minute apart, the first three shipped.
      const columns = (
        (await t.db.execute(sql`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = 'orders'
            and column_name not in ('id', 'order_number', 'customer_name', 'status', 'created_at')`)) as unknown as {
          rows: Array<{ name: string }>;
        }
      ).rows.map((row) => `"${row.name}"`);
      const copied = sql.raw(columns.join(', '));
      const copies = COUNT_CAP + 1;
      // The copies skip the triggers that keep the days' sums and the shoppers' totals (a row at a time: 40 s on
      // PGlite) and are removed the same way, so those stay as they were for the tests after this one.
      const withoutTriggers = (statement: ReturnType<typeof sql>) =>
        t.db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          await tx.execute(statement);
        });
      await withoutTriggers(sql`insert into orders (${copied}, order_number, customer_name, status, created_at)
        select ${copied}, 'ORD-CROWD-' || g, 'Crowd Copy',
          (case when g <= 3 then 'Shipped' else 'Placed' end)::order_status,
          timestamptz '2025-02-01 00:00:00+00' + g * interval '1 minute'
        from orders, generate_series(1, ${copies}) g where orders.id = ${ids.a}`);

      const crowd = await list(`q=${encodeURIComponent('crowd copy')}`);
      expect(crowd.meta).toEqual({ page: 1, limit: 20, total: COUNT_CAP, capped: true });
      expect(crowd.stats).toEqual({
        total: COUNT_CAP,
        capped: true,
        pending: null,
        shipped: null,
        revenue: null,
        currency: 'USD',
      });
      expect(crowd.data.map((order) => order.id)).toEqual(
        Array.from({ length: 20 }, (_, i) => `ORD-CROWD-${copies - i}`),
      );
      // The beginning of their order numbers, counted from the numbers' index: the same cap, the same cards left out.
      for (const q of ['ORD-CROWD', 'ord-crowd-']) {
        const byNumber = await list(`q=${encodeURIComponent(q)}`);
        expect(byNumber.meta, q).toEqual({ page: 1, limit: 20, total: COUNT_CAP, capped: true });
        expect(byNumber.stats.pending, q).toBeNull();
      }
      // Fewer numbers begin so (100, 1000 to 1009, 10000 and 10001): counted and summed as any other search.
      expect((await list(`q=${encodeURIComponent('ORD-CROWD-100')}`)).stats).toMatchObject({
        total: 13,
        capped: false,
        pending: 13,
      });
      const oldest = await list(`q=${encodeURIComponent('ORD-CROWD')}&sort=oldest&limit=2&page=2`);
      expect(oldest.data.map((order) => order.id)).toEqual(['ORD-CROWD-3', 'ORD-CROWD-4']);
      // Narrowed below the cap, every card is counted again.
      const shipped = await list(`q=${encodeURIComponent('crowd copy')}&status=Shipped`);
      expect(shipped.meta).toEqual({ page: 1, limit: 20, total: 3, capped: false });
      expect(shipped.stats).toEqual({
        total: 3,
        capped: false,
        pending: 0,
        shipped: 3,
        revenue: 300,
        currency: 'USD',
      });
      // The same by the beginning of their numbers: a status beside it leaves fewer than the cap.
      expect((await list(`q=${encodeURIComponent('ORD-CROWD')}&status=Shipped`)).stats).toEqual(
        shipped.stats,
      );

      // Past the walk's bound before the first match, oldest first: the page is sorted from the matches instead.
      await withoutTriggers(sql`insert into orders (${copied}, order_number, customer_name, status, created_at)
        select ${copied}, 'ORD-EARLIER-' || g, 'Earlier Copy', 'Placed'::order_status,
          timestamptz '2024-02-01 00:00:00+00' + g * interval '1 minute'
        from orders, generate_series(1, ${WALK_BOUND + 1}) g where orders.id = ${ids.a}`);
      const past = await list(`q=${encodeURIComponent('ORD-CROWD')}&sort=oldest&limit=2&page=2`);
      expect(past.data.map((order) => order.id)).toEqual(['ORD-CROWD-3', 'ORD-CROWD-4']);
      // Equal totals, newest first: found by the walk, ordered by its keys.
      const byTotal = await list(`q=${encodeURIComponent('crowd copy')}&sort=total_desc&limit=3`);
      expect(byTotal.data.map((order) => order.id)).toEqual([
        `ORD-CROWD-${copies}`,
        `ORD-CROWD-${copies - 1}`,
        `ORD-CROWD-${copies - 2}`,
      ]);
      await withoutTriggers(sql`delete from orders where customer_name in ('Crowd Copy', 'Earlier Copy')`);
    });

    it('refuses a date range that runs backwards, an unknown status and a page size above 100', async () => {
      const backwards = await call('GET', '/orders?from=2025-02-01&to=2025-01-01');
      expect(backwards.statusCode).toBe(400);
      assertMatchesContract('listAdminOrders', backwards);
      expect(backwards.json().message).toBe('The start date must not be after the end date.');
      for (const query of ['status=Lost', 'limit=101', 'from=yesterday', 'sort=cheapest']) {
        const response = await call('GET', `/orders?${query}`);
        expect(response.statusCode, query).toBe(400);
        assertMatchesContract('listAdminOrders', response);
      }
    });
  });

  // Without a search the cards add up each finished day's sums (day_summaries) and today's orders; these hold them
  // to a recount of the orders themselves, also after an order of a day already summed changes.
  describe('the stat cards from the days’ sums', () => {
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const day = (days: number) => utcDate(ago(days));

    beforeAll(async () => {
      const bdt = { currency: 'BDT', rate: '120' } as const;
      const eur = { currency: 'EUR', rate: '0.92' } as const;
      const rows = [
        { status: 'Placed', totalMinor: 100_00, createdAt: ago(40) },
        { status: 'Confirmed', ...bdt, channel: 'd2c', totalMinor: 12_600_00, createdAt: ago(10) },
        {
          status: 'Confirmed',
          ...bdt,
          channel: 'd2c',
          totalMinor: 6_000_00,
          refundedMinor: 1_260_00,
          createdAt: ago(10),
        },
        { status: 'Shipped', isPaid: false, totalMinor: 50_00, createdAt: ago(10) },
        { status: 'Processing', ...eur, channel: 'b2b', totalMinor: 33_33, createdAt: ago(3) },
        { status: 'Delivered', ...eur, totalMinor: 81_17, createdAt: ago(3) },
        { status: 'Cancelled', totalMinor: 20_00, refundedMinor: 20_00, createdAt: ago(1) },
        { status: 'Failed', totalMinor: 70_00, archivedAt: ago(1), createdAt: ago(2) },
        { status: 'Completed', channel: 'b2b', totalMinor: 45_50, createdAt: ago(1) },
        // Today's: counted from the rows, not the sums.
        { status: 'Pending', isPaid: false, totalMinor: 12_00, createdAt: new Date(now.getTime() - 1000) },
        { status: 'Delivered', ...bdt, totalMinor: 2_400_00, createdAt: new Date(now.getTime() - 1000) },
      ] as const;
      for (const values of rows) {
        await insertTestOrder(t.db, { customerName: 'Carda Counter', ...values });
      }
    });

    async function cards(query: string): Promise<ListBody['stats']> {
      const body = await expectAnswer<ListBody>(
        'listAdminOrders',
        await call('GET', `/orders?limit=1&${query}`),
        200,
      );
      expect(body.meta.total).toBe(body.stats.total);
      return body.stats;
    }

    /** The cards counted again from every order, for the same query. */
    async function recount(query: string): Promise<ListBody['stats']> {
      const asked = new URLSearchParams(query);
      const statuses = asked.getAll('status');
      const channel = asked.get('channel');
      const from = asked.get('from');
      const to = asked.get('to');
      const q = asked.get('q')?.toLowerCase();
      const archived = asked.get('archived') === 'true';
      const found = (await t.db.select().from(orders)).filter(
        (order) =>
          (order.archivedAt !== null) === archived &&
          (statuses.length === 0 || statuses.includes(order.status)) &&
          (!channel || order.channel === channel) &&
          (!from || utcDate(order.createdAt) >= from) &&
          (!to || utcDate(order.createdAt) <= to) &&
          (!q ||
            [order.orderNumber, order.customerName, order.customerEmail].some((text) =>
              text.toLowerCase().includes(q),
            )),
      );
      const paidByRate = new Map<string, number>();
      for (const order of found.filter((order) => order.isPaid)) {
        const net = Math.max(order.totalMinor - order.refundedMinor, 0);
        paidByRate.set(order.rate, (paidByRate.get(order.rate) ?? 0) + net);
      }
      const revenueMinor = [...paidByRate].reduce(
        (sum, [rate, paid]) => sum + convertMinor(paid, rate, BASE_RATE),
        0,
      );
      return {
        total: found.length,
        capped: false,
        pending: found.filter((order) => AWAITING_SHIPMENT.includes(order.status)).length,
        shipped: found.filter((order) => order.status === 'Shipped').length,
        revenue: toAmount(revenueMinor),
        currency: 'USD',
      };
    }

    /** A finished day's order counts as summed, by `<archived 0/1>|<status>|<channel>`. */
    async function summedDay(date: string) {
      const rows = await t.db
        .select({ key: daySummaries.key, value: daySummaries.value })
        .from(daySummaries)
        .where(and(eq(daySummaries.day, date), eq(daySummaries.metric, 'order_count')));
      return Object.fromEntries(rows.map((row) => [row.key, row.value]));
    }

    /** The same, counted from the orders placed that day. */
    async function countedDay(date: string) {
      const counted: Record<string, number> = {};
      for (const order of await t.db.select().from(orders)) {
        if (utcDate(order.createdAt) !== date) continue;
        const key = `${order.archivedAt ? 1 : 0}|${order.status}|${order.channel}`;
        counted[key] = (counted[key] ?? 0) + 1;
      }
      return counted;
    }

    it('equal a recount of the orders for every filter: statuses, channel, whole UTC days, archived', async () => {
      const queries = [
        '',
        'status=Placed',
        'status=Shipped&status=Delivered',
        'status=Confirmed&status=Processing&status=Completed',
        'channel=d2c',
        'channel=b2b&status=Completed',
        `from=${day(10)}&to=${day(3)}`,
        `from=${day(10)}&to=${day(10)}&channel=d2c&status=Confirmed`,
        `from=${day(3)}`,
        `to=${day(1)}`,
        `from=${day(0)}&to=${day(0)}`,
        `from=${day(40)}&to=${day(40)}&status=Placed`,
        'archived=true',
        `archived=true&status=Failed&from=${day(2)}&to=${day(2)}`,
        // A search is counted over the orders it finds; both ways agree.
        'q=carda',
        `q=carda&status=Confirmed&from=${day(10)}`,
      ];
      for (const query of queries) {
        expect(await cards(query), query).toEqual(await recount(query));
      }
      // The finished days were summed, by archived, status and channel.
      for (const date of [day(10), day(3), day(2), day(1)]) {
        expect(await summedDay(date), date).toEqual(await countedDay(date));
      }
      expect(Object.keys(await summedDay(day(10)))).toEqual(
        expect.arrayContaining(['0|Confirmed|d2c', '0|Shipped|b2c']),
      );
      expect(Object.keys(await summedDay(day(2)))).toContain('1|Failed|b2c');
    });

    it('show a change to an order of a day already summed at once: its status, a refund, its archiving', async () => {
      const order = await insertTestOrder(t.db, {
        customerName: 'Carda Counter',
        status: 'Placed',
        totalMinor: 40_00,
        createdAt: ago(5),
      });
      const itsDay = `from=${day(5)}&to=${day(5)}`;
      const before = await cards('');
      expect(before).toEqual(await recount(''));
      expect(await summedDay(day(5))).toEqual(await countedDay(day(5)));
      expect(await summedDay(day(5))).toHaveProperty(['0|Placed|b2c']);
      const minor = (cards: ListBody['stats']) => Math.round((cards.revenue ?? Number.NaN) * 100);

      await t.db.update(orders).set({ status: 'Processing' }).where(eq(orders.id, order.id));
      await t.db.update(orders).set({ status: 'Shipped' }).where(eq(orders.id, order.id));
      const shipped = await cards('');
      expect(shipped).toEqual({
        ...before,
        pending: (before.pending ?? Number.NaN) - 1,
        shipped: (before.shipped ?? Number.NaN) + 1,
      });
      expect(shipped).toEqual(await recount(''));
      expect(await cards(`${itsDay}&status=Shipped`)).toEqual(await recount(`${itsDay}&status=Shipped`));

      await t.db.update(orders).set({ refundedMinor: 15_00 }).where(eq(orders.id, order.id));
      const refunded = await cards('');
      expect(minor(refunded)).toBe(minor(before) - 15_00);
      expect(refunded).toEqual(await recount(''));

      await t.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, order.id));
      const archivedBefore = await cards('archived=true');
      const archiving = await call('POST', '/orders/bulk-archive', { payload: { ids: [order.id] } });
      expect(archiving.json().data.updated).toEqual([order.id]);
      const archived = await cards('');
      expect(archived.total).toBe(before.total - 1);
      expect(minor(archived)).toBe(minor(before) - 40_00);
      expect(archived).toEqual(await recount(''));
      const archivedList = await cards('archived=true');
      expect(archivedList.total).toBe(archivedBefore.total + 1);
      expect(minor(archivedList)).toBe(minor(archivedBefore) + 25_00);
      expect(archivedList).toEqual(await recount('archived=true'));
      expect(await cards(`archived=true&${itsDay}`)).toEqual(await recount(`archived=true&${itsDay}`));
      expect(await summedDay(day(5))).toEqual(await countedDay(day(5)));
    });
  });

  describe('GET /orders/{id}', () => {
    it('answers the full order by _id or order id, with refunds, forwarding and the moves it allows', async () => {
      const product = await insertTestProduct(t.db, {
        title: 'Ceramic Mug',
        skus: [{ skuId: 'MUG-1', salePriceMinor: 12_00, stock: 5 }],
      });
      const order = await insertTestOrder(t.db, {
        status: 'Processing',
        totalMinor: 24_00,
        paymentRef: 'ch_123',
        notes: 'Gift wrap',
        lines: [
          { productId: product.id, skuId: 'MUG-1', name: 'Ceramic Mug', quantity: 2, unitPriceMinor: 12_00 },
        ],
      });
      await t.db.insert(refunds).values({
        orderId: order.id,
        amountMinor: 5_00,
        currency: 'USD',
        reason: 'Chipped handle',
        createdBy: 'Store Admin',
      });
      await t.db.insert(orderForwardings).values({
        orderId: order.id,
        status: 'Forwarded',
        aeOrderId: 'AE-777',
        syncLog: [
          { time: new Date().toISOString(), type: 'success', message: 'Supplier order AE-777 placed' },
        ],
      });

      const byId = await expectAnswer<{ data: AdminOrderBody }>(
        'getAdminOrder',
        await call('GET', `/orders/${order.id}`),
        200,
      );
      expect(byId.data).toMatchObject({
        _id: order.id,
        id: order.orderNumber,
        customer: 'Nusrat Jahan',
        status: 'Processing',
        total: 24,
        items: [{ sku: 'MUG-1', name: 'Ceramic Mug', qty: 2, price: 12, total: 24, productId: product.id }],
        shipping: {
          method: 'CAINIAO_STANDARD',
          address: 'House 7, Road 2, Banani, Dhaka, Dhaka Division, 1213, BD',
        },
        // The refund waits to be paid back: nothing went back yet, so the payment still reads Paid.
        payment: { method: 'Credit Card', gatewayRef: 'ch_123', status: 'Paid' },
        refunded: 5,
        notes: 'Gift wrap',
        refunds: [{ amount: 5, status: 'Pending' }],
        forwarding: { aeOrderId: 'AE-777', status: 'Forwarded' },
        allowedStatuses: ['Shipped', 'Cancelled', 'Failed'],
        archived: false,
      });
      const byNumber = await expectAnswer<{ data: AdminOrderBody }>(
        'getAdminOrder',
        await call('GET', `/orders/${order.orderNumber}`),
        200,
      );
      expect(byNumber.data._id).toBe(order.id);
    });

    it('answers null forwarding for an order never forwarded, and Refunded once refunds paid back reach the total', async () => {
      const order = await insertTestOrder(t.db, { status: 'Cancelled', totalMinor: 30_00 });
      await t.db.insert(refunds).values([
        {
          orderId: order.id,
          amountMinor: 10_00,
          currency: 'USD',
          reason: 'a',
          createdBy: 'x',
          status: 'Completed',
        },
        {
          orderId: order.id,
          amountMinor: 20_00,
          currency: 'USD',
          reason: 'b',
          createdBy: 'x',
          status: 'Completed',
        },
      ]);
      const body = await expectAnswer<{ data: AdminOrderBody }>(
        'getAdminOrder',
        await call('GET', `/orders/${order.id}`),
        200,
      );
      expect(body.data).toMatchObject({ forwarding: null, refunded: 30, payment: { status: 'Refunded' } });
      expect(body.data.allowedStatuses).toEqual([]);
    });

    it('shows a paid order with marketplace items that was never forwarded as waiting (Pending)', async () => {
      const product = await insertTestProduct(t.db, {
        title: 'Imported Earbuds',
        source: 'aliexpress',
        skus: [{ skuId: 'EAR-1', salePriceMinor: 9_00, stock: 5 }],
      });
      const lines = [
        {
          productId: product.id,
          skuId: 'EAR-1',
          name: 'Imported Earbuds',
          quantity: 1,
          unitPriceMinor: 9_00,
        },
      ];
      const paid = await insertTestOrder(t.db, { status: 'Confirmed', lines });
      const unpaid = await insertTestOrder(t.db, { status: 'Placed', isPaid: false, lines });
      const paidBody = await expectAnswer<{ data: AdminOrderBody }>(
        'getAdminOrder',
        await call('GET', `/orders/${paid.id}`),
        200,
      );
      expect(paidBody.data.forwarding).toMatchObject({ status: 'Pending', aeOrderId: null });
      const unpaidBody = await expectAnswer<{ data: AdminOrderBody }>(
        'getAdminOrder',
        await call('GET', `/orders/${unpaid.id}`),
        200,
      );
      expect(unpaidBody.data.forwarding).toBeNull();
    });

    it('answers the tax the order was priced with and each line’s delivery service', async () => {
      const mug = await insertTestProduct(t.db, {
        title: 'Ceramic Mug',
        skus: [{ skuId: 'MUG-2', salePriceMinor: 12_10, stock: 5 }],
      });
      const earbuds = await insertTestProduct(t.db, {
        title: 'Imported Earbuds',
        source: 'aliexpress',
        skus: [{ skuId: 'EAR-2', salePriceMinor: 9_00, stock: 5 }],
      });
      const order = await insertTestOrder(t.db, {
        currency: 'EUR',
        taxMinor: 3_66,
        taxBasisPoints: 2100,
        taxInclusive: true,
        taxLabel: 'IVA',
        lines: [
          { productId: mug.id, skuId: 'MUG-2', name: 'Ceramic Mug', quantity: 1, unitPriceMinor: 12_10 },
          {
            productId: earbuds.id,
            skuId: 'EAR-2',
            name: 'Imported Earbuds',
            quantity: 1,
            unitPriceMinor: 9_00,
          },
        ],
      });
      await t.db
        .update(orderItems)
        .set({
          deliveryCode: 'CAINIAO_STANDARD',
          deliveryCompany: 'Cainiao Standard',
          deliveryFeeMinor: 2_35,
        })
        .where(and(eq(orderItems.orderId, order.id), eq(orderItems.skuId, 'EAR-2')));

      const body = await expectAnswer<{ data: AdminOrderBody }>(
        'getAdminOrder',
        await call('GET', `/orders/${order.id}`),
        200,
      );
      expect(body.data.tax).toEqual({ rate: 21, inclusive: true, label: 'IVA' });
      expect(body.data.taxPrice).toBe(3.66);
      expect(body.data.items.map((item) => item.delivery)).toEqual([
        null,
        { code: 'CAINIAO_STANDARD', company: 'Cainiao Standard', fee: 2.35 },
      ]);

      const plain = await insertTestOrder(t.db, { status: 'Placed' });
      const plainBody = await expectAnswer<{ data: AdminOrderBody }>(
        'getAdminOrder',
        await call('GET', `/orders/${plain.id}`),
        200,
      );
      expect(plainBody.data.tax).toEqual({ rate: 10, inclusive: false, label: 'Tax' });
    });

    it('answers 404 for an order that does not exist', async () => {
      for (const id of ['ORD-19990101-0001', '3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f', 'not-an-id']) {
        const response = await call('GET', `/orders/${id}`);
        await expectAnswer('getAdminOrder', response, 404);
        expect(response.json().message).toBe('Order not found.');
      }
    });
  });

  describe('POST /orders (Manual Order Placement)', () => {
    it('prices from the catalogue, takes the discount off the items and shipping and tax off what is left', async () => {
      const product = await insertTestProduct(t.db, {
        title: 'Bamboo Cutting Board',
        skus: [{ skuId: 'BOARD-L', salePriceMinor: 19_99, stock: 10 }],
      });
      const order = await manualOrder({
        productId: product.id,
        skuId: 'BOARD-L',
        quantity: 3,
        discountPercent: 12.5,
        paymentMethod: 'Offline',
        customerName: 'Rahim Uddin',
        customerEmail: 'rahim@example.com',
        phone: '+880 1711 000000',
        // Figures a client sends are not the order's.
        total: 1,
        status: 'Delivered',
      });
      // 3 × 19.99 = 59.97; 12.5% of it is 7.49625, so 7.50 off; 52.47 is not above 100, so 10.00 shipping;
      // tax 10% of 52.47 = 5.247, so 5.25; total 52.47 + 10.00 + 5.25 = 67.72.
      expect(order).toMatchObject({
        customer: 'Rahim Uddin',
        email: 'rahim@example.com',
        phone: '+880 1711 000000',
        customerId: null,
        status: 'Placed',
        currency: 'USD',
        rate: '1.000000',
        items: [{ sku: 'BOARD-L', name: 'Bamboo Cutting Board', qty: 3, price: 19.99, total: 59.97 }],
        itemsPrice: 59.97,
        discount: 7.5,
        shippingPrice: 10,
        taxPrice: 5.25,
        total: 67.72,
        payment: { method: 'Offline', status: 'Unpaid', paidAt: null, gatewayRef: null },
        statusHistory: [{ status: 'Placed', by: DEMO_ADMIN.name }],
        shippingAddress: { address: 'House 3, Road 9, Gulshan, Dhaka 1212, BD', country: 'BD' },
      });
      expect(order.id).toMatch(/^ORD-\d{8}-\d{4}$/);
      expect(await stockOf(product.id)).toMatchObject({ stock: 7, sales: 3, skus: { 'BOARD-L': 7 } });

      const [stored] = await t.db.select().from(orders).where(eq(orders.id, order._id));
      expect(stored).toMatchObject({ discountPercent: '12.50', discountMinor: 7_50, totalMinor: 67_72 });
      expect(stored?.placedByAdminId).not.toBeNull();
      const [logged] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'order.create'), eq(activityLog.target, `order:${order.id}`)));
      expect(logged).toMatchObject({ actorName: DEMO_ADMIN.name, outcome: 'success' });
    });

    it('prices a product sold in another currency in USD, converted once, and ships free above 100 USD', async () => {
      // 1,215.00 BDT at the seeded 121.5 per USD is exactly 10.00 USD.
      const product = await insertTestProduct(t.db, {
        currency: 'BDT',
        skus: [{ skuId: 'BDT-1', salePriceMinor: 1_215_00, stock: 20 }],
      });
      const order = await manualOrder({ productId: product.id, quantity: 12 });
      expect(order).toMatchObject({
        currency: 'USD',
        items: [{ price: 10, total: 120 }],
        itemsPrice: 120,
        discount: 0,
        shippingPrice: 0,
        taxPrice: 12,
        total: 132,
      });
    });

    it('takes a 100% discount to zero, and still charges shipping', async () => {
      const product = await insertTestProduct(t.db, {
        skus: [{ skuId: 'FREE', salePriceMinor: 5_55, stock: 3 }],
      });
      const order = await manualOrder({ productId: product.id, discountPercent: 100 });
      expect(order).toMatchObject({
        itemsPrice: 5.55,
        discount: 5.55,
        taxPrice: 0,
        shippingPrice: 10,
        total: 10,
      });
    });

    it('links the order to the shopper whose account has that email, and uses the first option in stock', async () => {
      const product = await insertTestProduct(t.db, {
        skus: [
          { skuId: 'SOLD-OUT', salePriceMinor: 9_00, stock: 0 },
          { skuId: 'IN-STOCK', salePriceMinor: 11_00, stock: 4 },
        ],
      });
      const order = await manualOrder({
        productId: product.id,
        paymentMethod: 'Credit Card',
        customerEmail: shopper.email.toUpperCase(),
      });
      expect(order).toMatchObject({
        customerId: shopper.id,
        customer: 'Farhana Akter',
        email: shopper.email,
        items: [{ sku: 'IN-STOCK', price: 11 }],
        payment: { method: 'Credit Card', status: 'Unpaid' },
      });
      // The shopper sees it among their orders.
      const mine = await t.app.inject({ method: 'GET', url: '/api/order', headers: bearer(shopper.token) });
      expect(mine.json<{ data: Array<{ _id: string }> }>().data.map((o) => o._id)).toContain(order._id);
    });

    it('refuses what the form refuses: no address, a discount outside 0 to 100 or with three decimals, another payment method', async () => {
      const product = await insertTestProduct(t.db, {
        skus: [{ skuId: 'V', salePriceMinor: 1_00, stock: 3 }],
      });
      const cases: Array<[object, string]> = [
        [{ address: '   ' }, '/address'],
        [{ address: '' }, '/address'],
        [{ discountPercent: 101 }, '/discountPercent'],
        [{ discountPercent: -1 }, '/discountPercent'],
        [{ discountPercent: 10.125 }, '/discountPercent'],
        [{ paymentMethod: 'PayPal' }, '/paymentMethod'],
        [{ quantity: 13 }, '/quantity'],
        [{ customerEmail: 'not-an-email' }, '/customerEmail'],
      ];
      for (const [change, path] of cases) {
        const response = await call('POST', '/orders', {
          payload: { productId: product.id, address: 'Somewhere 1', paymentMethod: 'Cash', ...change },
        });
        const body = await expectAnswer<{ errors?: Array<{ path: string }> }>(
          'createAdminOrder',
          response,
          400,
        );
        expect(
          body.errors?.map((error) => error.path),
          JSON.stringify(change),
        ).toContain(path);
      }
      const missing = await call('POST', '/orders', {
        payload: { address: 'Somewhere 1', paymentMethod: 'Cash' },
      });
      await expectAnswer('createAdminOrder', missing, 400);
      expect((await stockOf(product.id)).stock).toBe(3);
    });

    it('answers 404 for an unknown product or option and 422 for one not for sale or short of stock, taking nothing', async () => {
      const product = await insertTestProduct(t.db, {
        title: 'Wool Scarf',
        skus: [{ skuId: 'SCARF', salePriceMinor: 15_00, stock: 2 }],
      });
      const draft = await insertTestProduct(t.db, {
        title: 'Draft Hat',
        status: 'draft',
        skus: [{ skuId: 'HAT', salePriceMinor: 5_00, stock: 2 }],
      });
      const post = (payload: object) =>
        call('POST', '/orders', { payload: { address: 'Somewhere 1', paymentMethod: 'Cash', ...payload } });

      for (const productId of ['3f6c1d2e-8a9b-4c7d-9e0f-1a2b3c4d5e6f', 'no-such-product']) {
        const response = await post({ productId });
        await expectAnswer('createAdminOrder', response, 404);
        expect(response.json().message).toBe('Product not found.');
      }
      await expectAnswer('createAdminOrder', await post({ productId: product.id, skuId: 'NOPE' }), 404);
      const short = await post({ productId: product.id, quantity: 3 });
      await expectAnswer('createAdminOrder', short, 422);
      expect(short.json().message).toBe('Only 2 left in stock for Wool Scarf.');
      const notForSale = await post({ productId: draft.id });
      await expectAnswer('createAdminOrder', notForSale, 422);
      expect(notForSale.json().message).toBe('Draft Hat is not for sale.');
      expect(await stockOf(product.id)).toMatchObject({ stock: 2, skus: { SCARF: 2 } });
    });
  });

  describe('POST /orders/{id}/status', () => {
    const move = (id: string, payload: object) => call('POST', `/orders/${id}/status`, { payload });

    it('follows the lifecycle: Placed → Confirmed → Processing → Shipped (with tracking) → Delivered → Completed', async () => {
      const product = await insertTestProduct(t.db, {
        skus: [{ skuId: 'L', salePriceMinor: 8_00, stock: 5 }],
      });
      const order = await manualOrder({ productId: product.id });
      for (const status of ['Confirmed', 'Processing']) {
        const body = await expectAnswer<{ data: AdminOrderBody }>(
          'changeOrderStatus',
          await move(order.id, { status, note: `to ${status}` }),
          200,
        );
        expect(body.data.status).toBe(status);
      }
      const shipped = await expectAnswer<{ message: string; data: AdminOrderBody }>(
        'changeOrderStatus',
        await move(order._id, { status: 'Shipped', carrier: 'DHL', trackingNumber: 'JD0001' }),
        200,
      );
      expect(shipped.message).toBe(`Order ${order.id} is now Shipped.`);
      expect(shipped.data.shipping).toMatchObject({ carrier: 'DHL', tracking: 'JD0001' });
      expect(shipped.data.allowedStatuses).toEqual(['Delivered', 'Failed']);
      const delivered = await expectAnswer<{ data: AdminOrderBody }>(
        'changeOrderStatus',
        await move(order.id, { status: 'Delivered' }),
        200,
      );
      expect(delivered.data.status).toBe('Delivered');
      const [stored] = await t.db.select().from(orders).where(eq(orders.id, order._id));
      expect(stored?.isDelivered).toBe(true);
      expect(stored?.deliveredAt).not.toBeNull();
      expect(stored?.shippedAt).not.toBeNull();
      const completed = await expectAnswer<{ data: AdminOrderBody }>(
        'changeOrderStatus',
        await move(order.id, { status: 'Completed' }),
        200,
      );
      expect(completed.data.statusHistory.map((entry) => [entry.status, entry.by, entry.note])).toEqual([
        ['Placed', DEMO_ADMIN.name, 'Placed manually'],
        ['Confirmed', DEMO_ADMIN.name, 'to Confirmed'],
        ['Processing', DEMO_ADMIN.name, 'to Processing'],
        ['Shipped', DEMO_ADMIN.name, null],
        ['Delivered', DEMO_ADMIN.name, null],
        ['Completed', DEMO_ADMIN.name, null],
      ]);
      // Shipping does not give stock back.
      expect((await stockOf(product.id)).stock).toBe(4);
      const logged = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'order.status'), eq(activityLog.target, `order:${order.id}`)));
      expect(logged).toHaveLength(5);
    });

    it('answers 409 for a move the lifecycle forbids, and changes nothing', async () => {
      const order = await insertTestOrder(t.db, { status: 'Delivered' });
      const back = await move(order.id, { status: 'Placed' });
      await expectAnswer('changeOrderStatus', back, 409);
      expect(back.json().message).toBe('Cannot move an order from Delivered to Placed.');
      const same = await move(order.id, { status: 'Delivered' });
      await expectAnswer('changeOrderStatus', same, 409);
      expect(same.json().message).toBe('The order is already Delivered.');
      const skip = await insertTestOrder(t.db, { status: 'Placed' });
      const shipUnconfirmed = await move(skip.id, { status: 'Delivered' });
      await expectAnswer('changeOrderStatus', shipUnconfirmed, 409);
      const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(stored?.status).toBe('Delivered');
      const [failedLog] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'order.status'), eq(activityLog.outcome, 'failed')))
        .orderBy(desc(activityLog.at));
      expect(failedLog?.details).toMatchObject({ to: 'Delivered' });
    });

    it('asks for a carrier and a tracking number to mark an order Shipped (400, per field)', async () => {
      const order = await insertTestOrder(t.db, { status: 'Confirmed' });
      const none = await move(order.id, { status: 'Shipped' });
      const body = await expectAnswer<{ message: string; errors: Array<{ path: string }> }>(
        'changeOrderStatus',
        none,
        400,
      );
      expect(body.message).toBe('A carrier and a tracking number are needed to mark an order Shipped.');
      expect(body.errors.map((error) => error.path)).toEqual(['/carrier', '/trackingNumber']);
      const blank = await move(order.id, { status: 'Shipped', carrier: 'DHL', trackingNumber: '   ' });
      expect(blank.json<{ errors: Array<{ path: string }> }>().errors.map((error) => error.path)).toEqual([
        '/trackingNumber',
      ]);
      await expectAnswer('changeOrderStatus', await move(order.id, { status: 'Lost' }), 400);
      await expectAnswer('changeOrderStatus', await move(order.id, {}), 400);
    });

    it('answers 404 for an unknown order', async () => {
      const response = await move('ORD-19990101-0009', { status: 'Cancelled' });
      await expectAnswer('changeOrderStatus', response, 404);
    });

    it('gives the stock back on Cancelled (keeping the note as the reason) and takes it again when a failed order resumes', async () => {
      const product = await insertTestProduct(t.db, {
        title: 'Last Lamp',
        skus: [{ skuId: 'ONE', salePriceMinor: 30_00, stock: 2 }],
      });
      const order = await manualOrder({ productId: product.id, quantity: 2 });
      expect(await stockOf(product.id)).toMatchObject({ stock: 0, status: 'out_of_stock', skus: { ONE: 0 } });
      const cancelled = await expectAnswer<{ data: AdminOrderBody }>(
        'changeOrderStatus',
        await move(order.id, { status: 'Cancelled', note: 'Customer called to cancel' }),
        200,
      );
      expect(cancelled.data).toMatchObject({ status: 'Cancelled', reason: 'Customer called to cancel' });
      expect(await stockOf(product.id)).toMatchObject({
        stock: 2,
        status: 'published',
        sales: 0,
        skus: { ONE: 2 },
      });

      const second = await manualOrder({ productId: product.id, quantity: 1 });
      await expectAnswer(
        'changeOrderStatus',
        await move(second.id, { status: 'Failed', note: 'Card declined' }),
        200,
      );
      expect((await stockOf(product.id)).skus).toEqual({ ONE: 2 });
      // Failed → Cancelled gives nothing back twice.
      await expectAnswer('changeOrderStatus', await move(second.id, { status: 'Cancelled' }), 200);
      expect((await stockOf(product.id)).skus).toEqual({ ONE: 2 });

      const third = await manualOrder({ productId: product.id, quantity: 2 });
      await expectAnswer('changeOrderStatus', await move(third.id, { status: 'Failed' }), 200);
      const resumed = await expectAnswer<{ data: AdminOrderBody }>(
        'changeOrderStatus',
        await move(third.id, { status: 'Processing' }),
        200,
      );
      expect(resumed.data).toMatchObject({ status: 'Processing', reason: null });
      expect(await stockOf(product.id)).toMatchObject({ stock: 0, skus: { ONE: 0 } });
    });

    it('refuses to resume a failed order when its stock has gone meanwhile', async () => {
      const product = await insertTestProduct(t.db, {
        title: 'Rare Vase',
        skus: [{ skuId: 'VASE', salePriceMinor: 40_00, stock: 1 }],
      });
      const order = await manualOrder({ productId: product.id });
      await expectAnswer('changeOrderStatus', await move(order.id, { status: 'Failed' }), 200);
      await manualOrder({ productId: product.id });
      const resumed = await move(order.id, { status: 'Processing' });
      await expectAnswer('changeOrderStatus', resumed, 409);
      expect(resumed.json().message).toBe('Rare Vase is out of stock.');
    });
  });

  describe('bulk status change and archive', () => {
    it('moves each order on its own and says why the others did not move', async () => {
      const placed = await insertTestOrder(t.db, { status: 'Placed' });
      const pending = await insertTestOrder(t.db, { status: 'Pending' });
      const delivered = await insertTestOrder(t.db, { status: 'Delivered' });
      const response = await call('POST', '/orders/bulk-status', {
        payload: {
          ids: [placed.id, pending.orderNumber, delivered.id, 'ORD-19990101-0001'],
          status: 'Confirmed',
          note: 'Checked by phone',
        },
      });
      const body = await expectAnswer<{
        data: { updated: string[]; failed: Array<{ id: string; message: string }> };
      }>('bulkChangeOrderStatus', response, 200);
      expect(body.data.updated).toEqual([placed.id, pending.id]);
      expect(body.data.failed).toEqual([
        { id: delivered.id, message: 'Cannot move an order from Delivered to Confirmed.' },
        { id: 'ORD-19990101-0001', message: 'Order not found.' },
      ]);
      const shipped = await call('POST', '/orders/bulk-status', {
        payload: { ids: [placed.id], status: 'Shipped' },
      });
      const shippedBody = await expectAnswer<{ data: { failed: Array<{ message: string }> } }>(
        'bulkChangeOrderStatus',
        shipped,
        200,
      );
      expect(shippedBody.data.failed[0]?.message).toBe(
        'A carrier and a tracking number are needed to mark an order Shipped.',
      );
      await expectAnswer(
        'bulkChangeOrderStatus',
        await call('POST', '/orders/bulk-status', { payload: { ids: [], status: 'Confirmed' } }),
        400,
      );
    });

    it('archives only cancelled or failed orders, which leave the list but stay readable', async () => {
      const cancelled = await insertTestOrder(t.db, { status: 'Cancelled', customerName: 'Archie Vable' });
      const failed = await insertTestOrder(t.db, { status: 'Failed', customerName: 'Archie Vable' });
      const open = await insertTestOrder(t.db, { status: 'Processing', customerName: 'Archie Vable' });
      const response = await call('POST', '/orders/bulk-archive', {
        payload: { ids: [cancelled.id, failed.orderNumber, open.id, 'ORD-19990101-0001'] },
      });
      const body = await expectAnswer<{
        data: { updated: string[]; failed: Array<{ id: string; message: string }> };
      }>('archiveOrders', response, 200);
      expect(body.data.updated.sort()).toEqual([cancelled.id, failed.id].sort());
      expect(body.data.failed).toEqual([
        { id: open.id, message: 'Only cancelled or failed orders can be archived.' },
        { id: 'ORD-19990101-0001', message: 'Order not found.' },
      ]);
      const again = await call('POST', '/orders/bulk-archive', { payload: { ids: [cancelled.id] } });
      expect(again.json().data.failed).toEqual([
        { id: cancelled.id, message: 'This order is already archived.' },
      ]);

      const live = await call('GET', `/orders?q=${encodeURIComponent('Archie Vable')}`);
      expect(live.json<ListBody>().data.map((order) => order._id)).toEqual([open.id]);
      const detail = await call('GET', `/orders/${cancelled.id}`);
      expect(detail.json<{ data: AdminOrderBody }>().data.archived).toBe(true);
    });
  });

  describe('POST /orders/{id}/confirm-payment', () => {
    const confirm = (id: string, reference: string) =>
      call('POST', `/orders/${id}/confirm-payment`, { payload: { reference } });

    it('marks a Placed order paid with its reference and moves it to Confirmed', async () => {
      const order = await insertTestOrder(t.db, {
        status: 'Placed',
        isPaid: false,
        paymentMethod: 'Bank Transfer',
      });
      const body = await expectAnswer<{ message: string; data: AdminOrderBody }>(
        'confirmOrderPayment',
        await confirm(order.id, 'BANK-REF-42'),
        200,
      );
      expect(body.message).toBe('Payment confirmed.');
      expect(body.data).toMatchObject({
        status: 'Confirmed',
        payment: { status: 'Paid', gatewayRef: 'BANK-REF-42', method: 'Bank Transfer' },
      });
      expect(body.data.payment.paidAt).not.toBeNull();
      expect(body.data.statusHistory.at(-1)).toMatchObject({
        status: 'Confirmed',
        by: DEMO_ADMIN.name,
        note: 'Payment confirmed (ref BANK-REF-42)',
      });
      const twice = await confirm(order.id, 'BANK-REF-43');
      await expectAnswer('confirmOrderPayment', twice, 409);
      expect(twice.json().message).toBe('This order is already paid.');
    });

    it('keeps a later status and records the confirmation in the history', async () => {
      const order = await insertTestOrder(t.db, {
        status: 'Processing',
        isPaid: false,
        paymentMethod: 'Cash',
      });
      const body = await expectAnswer<{ data: AdminOrderBody }>(
        'confirmOrderPayment',
        await confirm(order.orderNumber, 'RCPT-9'),
        200,
      );
      expect(body.data.status).toBe('Processing');
      expect(body.data.statusHistory.at(-1)).toMatchObject({
        status: 'Processing',
        note: 'Payment confirmed (ref RCPT-9)',
      });
    });

    it('refuses cancelled or failed orders (409), a blank reference (400) and unknown orders (404)', async () => {
      const cancelled = await insertTestOrder(t.db, { status: 'Cancelled', isPaid: false });
      const refused = await confirm(cancelled.id, 'X-1');
      await expectAnswer('confirmOrderPayment', refused, 409);
      expect(refused.json().message).toBe('A cancelled or failed order cannot be paid.');
      await expectAnswer('confirmOrderPayment', await confirm(cancelled.id, ''), 400);
      await expectAnswer('confirmOrderPayment', await confirm(cancelled.id, '  '), 400);
      await expectAnswer('confirmOrderPayment', await confirm('ORD-19990101-0001', 'X-1'), 404);
    });
  });

  describe('PUT /orders/{id}/edit', () => {
    const address = {
      full_name: 'Karim Hossain',
      address: 'Flat 4B, 22 Lake Road',
      city: 'Chattogram',
      postalCode: '4000',
      country: 'BD',
      mobile_no: '1811000000',
    };

    it('changes the address and the notes of an order not shipped yet', async () => {
      const order = await insertTestOrder(t.db, { status: 'Confirmed' });
      const body = await expectAnswer<{ data: AdminOrderBody }>(
        'updateAdminOrder',
        await call('PUT', `/orders/${order.id}/edit`, {
          payload: { shippingAddress: address, notes: 'Call first' },
        }),
        200,
      );
      expect(body.data).toMatchObject({
        notes: 'Call first',
        shippingAddress: {
          full_name: 'Karim Hossain',
          address: 'Flat 4B, 22 Lake Road',
          city: 'Chattogram',
          postalCode: '4000',
          country: 'BD',
          mobile_no: '1811000000',
        },
      });
      expect(body.data.shippingAddress).not.toHaveProperty('province');
    });

    it('refuses a new address once the order has shipped (409) but still takes notes', async () => {
      const order = await insertTestOrder(t.db, { status: 'Shipped' });
      const refused = await call('PUT', `/orders/${order.id}/edit`, {
        payload: { shippingAddress: address },
      });
      await expectAnswer('updateAdminOrder', refused, 409);
      expect(refused.json().message).toBe('The address can no longer change: the order has shipped.');
      const notes = await call('PUT', `/orders/${order.id}/edit`, { payload: { notes: 'Left at the door' } });
      expect((await expectAnswer<{ data: AdminOrderBody }>('updateAdminOrder', notes, 200)).data.notes).toBe(
        'Left at the door',
      );
    });

    it('answers 400 for a bad address or an empty edit and 404 for an unknown order', async () => {
      const order = await insertTestOrder(t.db, { status: 'Placed' });
      for (const payload of [
        { shippingAddress: { ...address, country: 'Bangladesh' } },
        { shippingAddress: { ...address, address: ' ' } },
        {},
      ]) {
        const response = await call('PUT', `/orders/${order.id}/edit`, { payload });
        await expectAnswer('updateAdminOrder', response, 400);
      }
      await expectAnswer(
        'updateAdminOrder',
        await call('PUT', '/orders/ORD-19990101-0001/edit', { payload: { notes: 'x' } }),
        404,
      );
    });
  });

  describe('POST /orders/{id}/restore', () => {
    it('returns a cancelled order to Placed and takes its stock again', async () => {
      const product = await insertTestProduct(t.db, {
        skus: [{ skuId: 'R', salePriceMinor: 7_00, stock: 3 }],
      });
      const order = await manualOrder({ productId: product.id, quantity: 2 });
      await call('POST', `/orders/${order.id}/status`, { payload: { status: 'Cancelled', note: 'Mistake' } });
      expect((await stockOf(product.id)).skus).toEqual({ R: 3 });
      const body = await expectAnswer<{ data: AdminOrderBody }>(
        'restoreOrder',
        await call('POST', `/orders/${order.id}/restore`),
        200,
      );
      expect(body.data).toMatchObject({ status: 'Placed', reason: null });
      expect(body.data.statusHistory.at(-1)).toMatchObject({ status: 'Placed', by: DEMO_ADMIN.name });
      expect((await stockOf(product.id)).skus).toEqual({ R: 1 });
    });

    it('refuses without enough stock (409, the shortage) and for an order that is not cancelled', async () => {
      const product = await insertTestProduct(t.db, {
        title: 'Tea Set',
        skus: [{ skuId: 'TEA', salePriceMinor: 25_00, stock: 2 }],
      });
      const order = await manualOrder({ productId: product.id, quantity: 2 });
      await call('POST', `/orders/${order.id}/status`, { payload: { status: 'Cancelled' } });
      await manualOrder({ productId: product.id, quantity: 1 });
      const refused = await call('POST', `/orders/${order.id}/restore`);
      await expectAnswer('restoreOrder', refused, 409);
      expect(refused.json().message).toBe('Only 1 left in stock for Tea Set.');
      const [stored] = await t.db.select().from(orders).where(eq(orders.id, order._id));
      expect(stored?.status).toBe('Cancelled');
      expect((await stockOf(product.id)).skus).toEqual({ TEA: 1 });

      const open = await insertTestOrder(t.db, { status: 'Placed' });
      const notCancelled = await call('POST', `/orders/${open.id}/restore`);
      await expectAnswer('restoreOrder', notCancelled, 409);
      expect(notCancelled.json().message).toBe('Only cancelled orders can be restored.');
      await expectAnswer('restoreOrder', await call('POST', '/orders/ORD-19990101-0001/restore'), 404);
    });
  });

  describe('GET /orders/export', () => {
    it('answers the filtered orders as CSV, quoted where needed and with formulas defused', async () => {
      await insertTestOrder(t.db, {
        customerName: '=HYPERLINK("http://evil.example","Click")',
        customerEmail: 'csv@example.com',
        shipAddress: 'House 1, Road 2',
        status: 'Confirmed',
        totalMinor: 12_345_00,
        currency: 'BDT',
        rate: '121.5',
        createdAt: new Date('2025-03-01T10:00:00Z'),
      });
      await insertTestOrder(t.db, {
        customerName: 'Plain, Customer',
        customerEmail: 'csv@example.com',
        status: 'Placed',
        totalMinor: 10_00,
        createdAt: new Date('2025-03-02T10:00:00Z'),
      });
      const response = await call('GET', '/orders/export?q=csv%40example.com&sort=oldest');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = response.body.split('\r\n');
      expect(lines.at(-1)).toBe('');
      const header = lines[0]?.split(',') ?? [];
      expect(header.slice(0, 3)).toEqual(['id', 'date', 'customer']);
      expect(lines).toHaveLength(4);
      const cellsOf = (line: string | undefined) =>
        Object.fromEntries(header.map((name, index) => [name, splitCsv(line ?? '')[index]]));
      const first = cellsOf(lines[1]);
      expect(first).toMatchObject({
        customer: `'=HYPERLINK("http://evil.example","Click")`,
        currency: 'BDT',
        total: '12345.00',
        rate: '121.500000',
        // 12,345.00 BDT at 121.5 per USD is 101.604938..., 101.60 USD.
        totalUsd: '101.60',
        status: 'Confirmed',
        date: '2025-03-01T10:00:00.000Z',
      });
      expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
      expect(cellsOf(lines[2])).toMatchObject({
        customer: 'Plain, Customer',
        total: '10.00',
        totalUsd: '10.00',
      });
      expect(lines[2]).toContain('"Plain, Customer"');
    });

    it('answers 400 for bad filters', async () => {
      const response = await call('GET', '/orders/export?from=2025-02-01&to=2025-01-01');
      expect(response.statusCode).toBe(400);
    });
  });

  describe('GET /orders/status-logs', () => {
    it('lists status changes across orders newest first, paged and filtered', async () => {
      const product = await insertTestProduct(t.db, {
        skus: [{ skuId: 'LOG', salePriceMinor: 2_00, stock: 9 }],
      });
      const order = await manualOrder({ productId: product.id, customerName: 'Logan Statuslog' });
      await call('POST', `/orders/${order.id}/status`, { payload: { status: 'Confirmed', note: 'ok' } });
      await call('POST', `/orders/${order.id}/status`, {
        payload: { status: 'Cancelled', note: 'changed mind' },
      });

      const all = await expectAnswer<{
        data: Array<{
          orderId: string;
          orderNumber: string;
          customer: string;
          status: string;
          by: string;
          note: string | null;
        }>;
        meta: { total: number };
      }>('listOrderStatusLogs', await call('GET', '/orders/status-logs?q=Logan'), 200);
      expect(all.meta.total).toBe(3);
      expect(all.data.map((log) => [log.status, log.note])).toEqual([
        ['Cancelled', 'changed mind'],
        ['Confirmed', 'ok'],
        ['Placed', 'Placed manually'],
      ]);
      expect(all.data[0]).toMatchObject({
        orderId: order._id,
        orderNumber: order.id,
        customer: 'Logan Statuslog',
        by: DEMO_ADMIN.name,
      });

      const paged = await call('GET', '/orders/status-logs?q=Logan&limit=1&page=2');
      expect(paged.json().data.map((log: { status: string }) => log.status)).toEqual(['Confirmed']);
      const cancelledOnly = await call('GET', '/orders/status-logs?q=Logan&status=Cancelled');
      expect(cancelledOnly.json().meta.total).toBe(1);
      const today = new Date().toISOString().slice(0, 10);
      const dated = await call('GET', `/orders/status-logs?q=Logan&from=${today}&to=${today}`);
      expect(dated.json().meta.total).toBe(3);
      const before = await call('GET', '/orders/status-logs?q=Logan&to=2000-01-01');
      expect(before.json().meta.total).toBe(0);
      await expectAnswer('listOrderStatusLogs', await call('GET', '/orders/status-logs?status=Lost'), 400);
    });
  });
});

/** Splits one CSV line into its cells (RFC 4180 quoting). */
function splitCsv(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}
