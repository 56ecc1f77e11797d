import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPENDED_COUNTS_FOLD_AT } from '../../db/appended-counts.ts';
import { COUNT_CAP } from '../../db/capped-count.ts';
import type { Database } from '../../db/client.ts';
import {
  activityLog,
  b2cShopperCounts,
  b2cShoppers,
  customers,
  orders,
  shopperOrderTotals,
} from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import {
  bearer,
  createStaff,
  limitedStaffToken,
  loginCustomer,
  loginStaff,
  type RegisteredShopper,
  registerShopper,
} from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import { GUEST_STATUS_FIXED, SHOPPER_NOT_FOUND } from './b2c.handlers.ts';

interface ShopperBody {
  _id: string;
  name: string;
  email: string;
  status: string;
  orders: number;
  totalSpent: number;
  lastOrder: string | null;
  joined: string | null;
  invited: boolean;
}
interface ListBody {
  data: ShopperBody[];
  meta: { page: number; limit: number; total: number };
  stats: Record<string, number | string>;
}

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

/** An order straight in the database, with only what the B2C figures read. */
async function insertOrder(
  db: Database,
  values: {
    customerId: string | null;
    email: string;
    name: string;
    totalMinor: number;
    currency?: string;
    rate?: string;
    isPaid?: boolean;
    refundedMinor?: number;
    channel?: 'b2c' | 'd2c' | 'b2b';
    createdAt?: Date;
  },
) {
  await db.insert(orders).values({
    orderNumber: `ORD-TEST-${randomUUID().slice(0, 12)}`,
    customerId: values.customerId,
    customerName: values.name,
    customerEmail: values.email,
    channel: values.channel ?? 'b2c',
    status: 'Confirmed',
    currency: values.currency ?? 'USD',
    rate: values.rate ?? '1',
    itemsMinor: values.totalMinor,
    shippingMinor: 0,
    taxMinor: 0,
    totalMinor: values.totalMinor,
    refundedMinor: values.refundedMinor ?? 0,
    isPaid: values.isPaid ?? true,
    paidAt: values.isPaid === false ? null : (values.createdAt ?? new Date()),
    paymentMethod: 'Credit Card',
    shipAddress: 'House 7, Road 2, Banani',
    shipCountry: 'BD',
    createdAt: values.createdAt ?? new Date(),
  });
}

describe('B2C Management', () => {
  let t: TestApp;
  let admin: string;
  let nusrat: RegisteredShopper;
  let karim: RegisteredShopper;

  beforeAll(async () => {
    t = await createTestApp();
    // Only the users permission: the screen's scope, no SuperAdmin bypass.
    admin = await limitedStaffToken(t.app, t.db, ['users']);
    nusrat = await registerShopper(t.app, { name: 'Nusrat Jahan', email: 'nusrat.jahan@example.com' });
    karim = await registerShopper(t.app, { name: 'Karim Hasan', email: 'karim.hasan@example.com' });

    // Nusrat: 50 USD, 12,150 BDT at 121.5 (100 USD), 30 USD less a 10 USD refund, one unpaid order, and one placed
    // without an account under her email (it counts for her account): 170 USD spent over 5 orders.
    await insertOrder(t.db, {
      customerId: nusrat.id,
      email: nusrat.email,
      name: 'Nusrat Jahan',
      totalMinor: 50_00,
    });
    await insertOrder(t.db, {
      customerId: nusrat.id,
      email: nusrat.email,
      name: 'Nusrat Jahan',
      totalMinor: 12_150_00,
      currency: 'BDT',
      rate: '121.5',
      createdAt: ago(40),
    });
    await insertOrder(t.db, {
      customerId: nusrat.id,
      email: nusrat.email,
      name: 'Nusrat Jahan',
      totalMinor: 30_00,
      refundedMinor: 10_00,
    });
    await insertOrder(t.db, {
      customerId: nusrat.id,
      email: nusrat.email,
      name: 'Nusrat Jahan',
      totalMinor: 99_00,
      isPaid: false,
    });
    await insertOrder(t.db, {
      customerId: null,
      email: ' Nusrat.Jahan@Example.com',
      name: 'N. Jahan',
      totalMinor: 0,
      createdAt: ago(2),
    });
    // A guest: two orders under one email written two ways; the latest order's name is shown.
    await insertOrder(t.db, {
      customerId: null,
      email: 'Rahim.Guest@example.com',
      name: 'Rahim',
      totalMinor: 20_00,
      channel: 'b2b',
      createdAt: ago(3),
    });
    await insertOrder(t.db, {
      customerId: null,
      email: 'rahim.guest@example.com',
      name: 'Rahim Uddin',
      totalMinor: 15_00,
      createdAt: ago(1),
    });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    token: string | null = admin,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const list = async (query = '') => {
    const response = await call('GET', `/b2c/shoppers${query}`);
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('listShoppers', response);
    return response.json<ListBody>();
  };
  const rowOf = (body: ListBody, email: string) => body.data.find((row) => row.email === email);

  it('lets only staff with the users permission near the shoppers', async () => {
    const shopper = (await registerShopper(t.app)).token;
    const withoutUsers = await limitedStaffToken(t.app, t.db, ['products', 'orders', 'reports']);
    const operations: Array<['GET' | 'PUT', string, object?]> = [
      ['GET', '/b2c/shoppers'],
      ['PUT', `/b2c/shoppers/${karim.id}/status`, { status: 'suspended' }],
    ];
    for (const [method, url, body] of operations) {
      expect((await call(method, url, null, body)).statusCode, `${method} ${url} signed out`).toBe(401);
      expect((await call(method, url, 'not.a.token', body)).statusCode, `${method} ${url} bad token`).toBe(
        401,
      );
      expect((await call(method, url, shopper, body)).statusCode, `${method} ${url} as a shopper`).toBe(403);
      expect((await call(method, url, withoutUsers, body)).statusCode, `${method} ${url} without users`).toBe(
        403,
      );
    }
    expect(rowOf(await list(), karim.email)?.status).toBe('active');
  });

  it('lists accounts and guests with their orders, USD spent, last order and joined date', async () => {
    const body = await list();
    expect(rowOf(body, nusrat.email)).toMatchObject({
      _id: nusrat.id,
      name: 'Nusrat Jahan',
      status: 'active',
      orders: 5,
      totalSpent: 170,
      invited: false,
    });
    expect(rowOf(body, nusrat.email)?.joined).not.toBeNull();
    expect(rowOf(body, karim.email)).toMatchObject({
      status: 'active',
      orders: 0,
      totalSpent: 0,
      lastOrder: null,
    });
    const guest = rowOf(body, 'rahim.guest@example.com');
    expect(guest).toMatchObject({
      _id: 'rahim.guest@example.com',
      name: 'Rahim Uddin',
      status: 'guest',
      orders: 2,
      totalSpent: 35,
      joined: null,
      invited: false,
    });
    expect(new Date(guest?.lastOrder ?? 0).getTime()).toBeGreaterThan(ago(1.1).getTime());
    // The order placed under Nusrat's email without an account is hers, not a guest's.
    expect(body.data.filter((row) => row.status === 'guest')).toHaveLength(1);
  });

  it("keeps each shopper's order count as orders are placed, moved, renamed and removed", async () => {
    /** shopper_order_totals as the triggers keep it, against a recount from every order. */
    const kept = async () =>
      (
        await t.db.select().from(shopperOrderTotals).orderBy(shopperOrderTotals.kind, shopperOrderTotals.key)
      ).map((row) => ({ ...row, lastOrderAt: row.lastOrderAt?.toISOString() ?? null }));
    const recount = async () => {
      type Recounted = {
        kind: string;
        key: string;
        orders: number;
        last_order_at: string;
        last_name: string | null;
      };
      // Both drivers answer raw SQL with its rows under `rows`.
      const { rows } =
        (await t.db.execute(sql`select case when customer_id is null then 'guest' else 'account' end as kind,
          coalesce(customer_id::text, lower(trim(customer_email))) as key, count(*)::int as orders,
          max(created_at) as last_order_at,
          case when bool_and(customer_id is null) then (array_agg(customer_name order by created_at desc))[1] end as last_name
        from orders group by 1, 2 order by 1, 2`)) as unknown as { rows: Recounted[] };
      return rows.map((row) => ({
        kind: row.kind,
        key: row.key,
        orders: row.orders,
        lastOrderAt: new Date(row.last_order_at).toISOString(),
        lastName: row.last_name,
      }));
    };
    expect(await kept()).toEqual(await recount());

    // A new guest: two orders, the later one's name shows.
    await insertOrder(t.db, {
      customerId: null,
      email: ' Moved.Guest@Example.com',
      name: 'M. Old',
      totalMinor: 10_00,
      createdAt: ago(3),
    });
    await insertOrder(t.db, {
      customerId: null,
      email: 'moved.guest@example.com',
      name: 'Moved Guest',
      totalMinor: 20_00,
      createdAt: ago(2),
    });
    expect(rowOf(await list(), 'moved.guest@example.com')).toMatchObject({ name: 'Moved Guest', orders: 2 });
    expect(await kept()).toEqual(await recount());

    // One order moves to another email, the other to an account; then the account's order is removed.
    const [first, second] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`lower(trim(${orders.customerEmail})) = 'moved.guest@example.com'`)
      .orderBy(orders.createdAt);
    await t.db
      .update(orders)
      .set({ customerEmail: 'other.guest@example.com' })
      .where(eq(orders.id, first?.id ?? ''));
    expect(await kept()).toEqual(await recount());
    await t.db
      .update(orders)
      .set({ customerId: karim.id })
      .where(eq(orders.id, second?.id ?? ''));
    expect(await kept()).toEqual(await recount());
    expect(rowOf(await list(), karim.email)).toMatchObject({ orders: 1 });
    await t.db
      .update(orders)
      .set({ createdAt: ago(40), customerName: 'Karim H.' })
      .where(eq(orders.id, second?.id ?? ''));
    expect(await kept()).toEqual(await recount());
    await t.db.delete(orders).where(inArray(orders.id, [first?.id ?? '', second?.id ?? '']));
    expect(await kept()).toEqual(await recount());
    expect(rowOf(await list(), 'moved.guest@example.com')).toBeUndefined();
    expect(rowOf(await list(), karim.email)).toMatchObject({ orders: 0, lastOrder: null });
  });

  it('counts the summary cards: shoppers by status, B2C orders and revenue of the last 30 days', async () => {
    const { stats } = await list();
    // Nusrat, Karim and the shopper the permission test registered; Rahim is the one guest. Nusrat's four recent
    // B2C orders and Rahim's B2C one count (his B2B one and the 40-day-old one do not); revenue is the paid ones
    // less refunds: 50 + 20 + 0 + 15.
    expect(stats).toEqual({
      shoppers: 4,
      active: 3,
      suspended: 0,
      guests: 1,
      b2cOrders: 5,
      b2cRevenue: 85,
      currency: 'USD',
    });
  });

  it('filters by status, searches name and email, and pages on the server', async () => {
    const guests = await list('?status=guest');
    expect(guests.data.map((row) => row._id)).toEqual(['rahim.guest@example.com']);
    expect(guests.meta.total).toBe(1);

    const found = await list('?q=JAHAN');
    expect(found.data.map((row) => row._id)).toEqual([nusrat.id]);
    expect((await list('?q=rahim.guest')).data.map((row) => row.status)).toEqual(['guest']);
    expect((await list('?q=100%25')).data).toEqual([]);

    const all = await list('?limit=100');
    // Without a search the total is the cards' count: of everyone, or of the status asked for.
    expect(all.meta.total).toBe(all.data.length);
    const active = await list('?status=active&limit=100');
    expect(active.meta.total).toBe(active.data.length);
    expect(active.data.every((row) => row.status === 'active')).toBe(true);
    expect(active.meta.total).toBeGreaterThan(0);
    // A search counts its own matches.
    expect(found.meta.total).toBe(1);
    const second = await list('?page=2&limit=1');
    expect(second.meta).toEqual({ page: 2, limit: 1, total: all.meta.total, capped: false });
    expect(second.data.map((row) => row._id)).toEqual([all.data[1]?._id]);
    // Most recent activity first: Rahim's last order, a day ago, is older than every account.
    expect(all.data.at(-1)?._id).toBe('rahim.guest@example.com');
  });

  it('counts a search matching more than 10,000 shoppers up to 10,000 and says there are more', async () => {
    // 10,001 guests as the list keeps them, written past the triggers that count shoppers by status (and removed
    // the same way, so the cards stay as they were).
    const quietly = (statement: ReturnType<typeof sql>) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(statement);
      });
    await quietly(sql`insert into b2c_shoppers (id, name, email, status, invited, orders, last_order_at)
      select 'crowd' || g || '@example.net', 'Crowd Guest ' || g, 'crowd' || g || '@example.net', 'guest', false, 1,
        timestamptz '2025-02-01 00:00:00+00' + g * interval '1 minute'
      from generate_series(1, ${COUNT_CAP + 1}) g`);
    const crowd = await list('?q=crowd%20guest&limit=5');
    expect(crowd.meta).toEqual({ page: 1, limit: 5, total: COUNT_CAP, capped: true });
    expect(crowd.data.map((row) => row.name)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Crowd Guest ${COUNT_CAP + 1 - i}`),
    );
    expect((await list('?q=crowd%20guest%2010001')).meta).toEqual({
      page: 1,
      limit: 20,
      total: 1,
      capped: false,
    });
    await quietly(sql`delete from b2c_shoppers where name like 'Crowd Guest %'`);
  });

  it('refuses odd list parameters', async () => {
    for (const query of ['?status=Inactive', '?page=0', '?limit=1000', `?q=${'x'.repeat(201)}`]) {
      expect((await call('GET', `/b2c/shoppers${query}`)).statusCode, query).toBe(400);
    }
  });

  describe('suspending an account', () => {
    it('signs the shopper out, refuses their sign-in and their orders, and logs the change', async () => {
      const product = await insertTestProduct(t.db, {
        skus: [{ skuId: 'B2C-1', salePriceMinor: 10_00, stock: 5 }],
      });
      const order = {
        items: [{ product: product.id, sku_id: 'B2C-1', quantity: 1 }],
        shippingAddress: {
          full_name: 'Karim Hasan',
          address: 'House 7, Road 2, Banani',
          city: 'Dhaka',
          country: 'BD',
          zip: '1213',
        },
        paymentMethod: 'Bank Transfer',
      };
      expect((await call('GET', '/user/profile', karim.token)).statusCode).toBe(200);

      const response = await call('PUT', `/b2c/shoppers/${karim.id}/status`, admin, { status: 'suspended' });
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('setShopperStatus', response);
      expect(response.json<{ message: string; data: ShopperBody }>()).toMatchObject({
        message: 'Karim Hasan is suspended.',
        data: { _id: karim.id, status: 'suspended' },
      });

      // The token held before is over, for reading and for ordering.
      expect((await call('GET', '/user/profile', karim.token)).statusCode).toBe(401);
      const refused = await call('POST', '/order', karim.token, order);
      expect(refused.statusCode).toBe(401);
      expect(await t.db.select().from(orders).where(eq(orders.customerId, karim.id))).toEqual([]);

      const login = await call('POST', '/user/login', null, { email: karim.email, password: karim.password });
      expect(login.statusCode).toBe(403);
      expect(login.json<{ message: string }>().message).toBe(
        'This account has been deactivated. Please contact the store.',
      );

      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.target, `user:${karim.id}`), eq(activityLog.action, 'shopper.suspend')))
        .orderBy(desc(activityLog.at));
      expect(entry).toMatchObject({
        actorType: 'admin',
        outcome: 'success',
        details: { before: { status: 'Active' }, after: { status: 'Inactive' } },
      });
      expect((await list('?status=suspended')).data.map((row) => row._id)).toEqual([karim.id]);
      expect((await list()).stats.suspended).toBe(1);

      // Made active again, the shopper signs in and orders.
      const active = await call('PUT', `/b2c/shoppers/${karim.id}/status`, admin, { status: 'active' });
      expect(active.statusCode).toBe(200);
      expect(active.json<{ data: ShopperBody }>().data.status).toBe('active');
      const token = await loginCustomer(t.app, karim.email, karim.password);
      const placed = await call('POST', '/order', token, order);
      expect(placed.statusCode, placed.body).toBe(201);
      const [reactivated] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.target, `user:${karim.id}`), eq(activityLog.action, 'shopper.activate')));
      expect(reactivated?.details).toEqual({ before: { status: 'Inactive' }, after: { status: 'Active' } });
    });

    it("refuses to change a guest's status, with a clear message", async () => {
      const response = await call('PUT', '/b2c/shoppers/Rahim.Guest@example.com/status', admin, {
        status: 'suspended',
      });
      expect(response.statusCode).toBe(409);
      assertMatchesContract('setShopperStatus', response);
      expect(response.json<{ message: string }>().message).toBe(GUEST_STATUS_FIXED);
    });

    it('answers 404 for unknown shoppers and staff accounts, 400 for a status it does not set', async () => {
      const staff = await createStaff(t.db, { email: 'b2c.staff@example.org', password: 'staff-password-1' });
      for (const id of [randomUUID(), 'nobody@example.com', 'not-an-id', staff.id]) {
        const response = await call('PUT', `/b2c/shoppers/${encodeURIComponent(id)}/status`, admin, {
          status: 'suspended',
        });
        expect(response.statusCode, id).toBe(404);
        expect(response.json<{ message: string }>().message).toBe(SHOPPER_NOT_FOUND);
      }
      // The staff account is untouched and still signs in.
      await loginStaff(t.app, 'b2c.staff@example.org', 'staff-password-1');

      for (const payload of [{ status: 'guest' }, { status: 'Inactive' }, {}, { status: 1 }]) {
        const response = await call('PUT', `/b2c/shoppers/${nusrat.id}/status`, admin, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect(rowOf(await list(), nusrat.email)?.status).toBe('active');
    });
  });

  it('keeps the listed rows as accounts open, change email, are suspended, invited and closed', async () => {
    /** b2c_shoppers as the triggers keep it, against the rows worked out again from accounts and orders. */
    const kept = async () =>
      (await t.db.select().from(b2cShoppers).orderBy(b2cShoppers.id)).map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        status: row.status,
        joined: row.joined?.toISOString() ?? null,
        invited: row.invited,
        orders: row.orders,
        lastOrderAt: row.lastOrderAt?.toISOString() ?? null,
      }));
    const recount = async () => {
      type Row = {
        id: string;
        name: string;
        email: string;
        status: string;
        joined: string | null;
        invited: boolean;
        orders: number;
        last_order_at: string | null;
      };
      const { rows } = (await t.db.execute(sql`with per_owner as (
          select customer_id, lower(trim(customer_email)) as email, count(*)::int as n, max(created_at) as latest,
            (array_agg(customer_name order by created_at desc))[1] as latest_name
          from orders group by 1, 2)
        select c.id::text as id, c.name, c.email, case when c.status = 'Active' then 'active' else 'suspended' end as status,
          c.created_at as joined, c.invite_token_hash is not null as invited,
          coalesce((select sum(n) from per_owner p where p.customer_id = c.id
            or (p.customer_id is null and p.email = c.email)), 0)::int as orders,
          (select max(latest) from per_owner p where p.customer_id = c.id
            or (p.customer_id is null and p.email = c.email)) as last_order_at
        from customers c where c.deleted_at is null
        union all
        select p.email, coalesce(p.latest_name, ''), p.email, 'guest', null, false, p.n, p.latest
        from per_owner p
        where p.customer_id is null
          and not exists (select 1 from customers c where c.email = p.email and c.deleted_at is null)
        order by 1`)) as unknown as { rows: Row[] };
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        status: row.status,
        joined: row.joined === null ? null : new Date(row.joined).toISOString(),
        invited: row.invited,
        orders: row.orders,
        lastOrderAt: row.last_order_at === null ? null : new Date(row.last_order_at).toISOString(),
      }));
    };
    expect(await kept()).toEqual(await recount());

    // A guest's orders, then an account opened with that email takes them over.
    await insertOrder(t.db, {
      customerId: null,
      email: 'Later.Account@example.com',
      name: 'L. Guest',
      totalMinor: 9_00,
    });
    expect(rowOf(await list(), 'later.account@example.com')).toMatchObject({ status: 'guest', orders: 1 });
    const later = await registerShopper(t.app, { email: 'later.account@example.com', name: 'Later Account' });
    expect(await kept()).toEqual(await recount());
    expect(rowOf(await list(), 'later.account@example.com')).toMatchObject({ _id: later.id, orders: 1 });

    // The account lets the email go: the guest comes back; renamed, suspended and invited, the row follows.
    await t.db
      .update(customers)
      .set({
        email: 'renamed.account@example.com',
        name: 'Renamed Account',
        status: 'Inactive',
        inviteTokenHash: 'x',
      })
      .where(eq(customers.id, later.id));
    expect(await kept()).toEqual(await recount());
    expect(rowOf(await list(), 'later.account@example.com')).toMatchObject({ status: 'guest', orders: 1 });
    expect(rowOf(await list(), 'renamed.account@example.com')).toMatchObject({
      name: 'Renamed Account',
      status: 'suspended',
      invited: true,
      orders: 0,
    });

    // Takes it back, then is closed: the guest's orders show as a guest again.
    await t.db
      .update(customers)
      .set({ email: 'later.account@example.com' })
      .where(eq(customers.id, later.id));
    expect(await kept()).toEqual(await recount());
    expect((await list('?q=later.account')).data.map((row) => row._id)).toEqual([later.id]);
    await t.db
      .update(customers)
      .set({ deletedAt: new Date(), email: `deleted-${later.id}@example.invalid` })
      .where(eq(customers.id, later.id));
    expect(await kept()).toEqual(await recount());
    expect(rowOf(await list(), 'later.account@example.com')).toMatchObject({ status: 'guest' });
    expect((await list('?limit=100')).data.some((row) => row._id === later.id)).toBe(false);
  });

  it("keeps the cards' shopper counts through every change above, and folds the changes they pile up", async () => {
    const counted = async () => {
      const { rows } = (await t.db.execute(
        sql`select status, count(*)::int as n from b2c_shoppers group by status`,
      )) as unknown as { rows: Array<{ status: string; n: number }> };
      const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
      return {
        shoppers: of('active') + of('suspended') + of('guest'),
        active: of('active'),
        suspended: of('suspended'),
        guests: of('guest'),
      };
    };
    const cards = async () => {
      const { shoppers, active, suspended, guests } = (await list()).stats;
      return { shoppers, active, suspended, guests };
    };
    const changes = async () => (await t.db.select().from(b2cShopperCounts)).length;
    const expected = await counted();
    expect(expected.active).toBeGreaterThan(0);
    expect(expected.guests).toBeGreaterThan(0);
    expect(await cards()).toEqual(expected);

    // A shopper opens an account, is suspended and closes it: each step moves the cards as the rows move.
    const passing = await registerShopper(t.app, { email: 'passing.through@example.com', name: 'Passing' });
    expect(await cards()).toEqual({
      ...expected,
      shoppers: expected.shoppers + 1,
      active: expected.active + 1,
    });
    await t.db.update(customers).set({ status: 'Inactive' }).where(eq(customers.id, passing.id));
    expect(await cards()).toEqual({
      ...expected,
      shoppers: expected.shoppers + 1,
      suspended: expected.suspended + 1,
    });
    await t.db.update(customers).set({ deletedAt: new Date() }).where(eq(customers.id, passing.id));
    expect(await cards()).toEqual(expected);

    // Changes past the fold's threshold (here pairs that cancel out) are folded into one row per status.
    await t.db.execute(sql`insert into b2c_shopper_counts (status, n)
      select 'guest', case when g % 2 = 0 then 1 else -1 end from generate_series(1, ${APPENDED_COUNTS_FOLD_AT + 2}) g`);
    expect(await changes()).toBeGreaterThan(APPENDED_COUNTS_FOLD_AT);
    expect(await cards()).toEqual(expected);
    expect(await changes()).toBeLessThanOrEqual(3);
    expect(await cards()).toEqual(await counted());
  });
});
