import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, campaigns, orderItems, orders, stores, vendorLedger } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, limitedStaffToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInVendor } from '../../test/vendors.ts';
import { insertTestOrder } from '../refunds/refunds.fixtures.ts';
import { postDeliveredVendorLines, reverseRefundedVendorLines } from './vendor-earnings.posting.ts';
import { EXCEEDS_BALANCE, NOT_POSITIVE } from './vendor-earnings.repository.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
type Vendor = Awaited<ReturnType<typeof signedInVendor>>;

interface Earnings {
  balance: number;
  earned: number;
  commission: number;
  refunded: number;
  paidOut: number;
  currency: string;
  commissionPercent: number;
  commissionIsDefault: boolean;
}

interface LedgerEntry {
  kind: string;
  orderNumber: string | null;
  lineName: string | null;
  amount: number;
  orderAmount: number | null;
  orderCurrency: string | null;
  reference: string | null;
}

describe('vendor earnings ledger', () => {
  let t: TestApp;
  let admin: string;
  let alpha: Vendor;
  let beta: Vendor;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    alpha = await signedInVendor(t.app, t.db, { name: 'Alpha Crafts' });
    beta = await signedInVendor(t.app, t.db, { name: 'Beta Leather' });
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, token: string | null, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  /**
   * A shipped, paid order straight in the database; each line is sold by the store given (null: the shop's own).
   */
  async function shippedOrder(
    lines: Array<{ storeId: string | null; priceMinor: number; quantity?: number }>,
    values: Partial<typeof orders.$inferInsert> = {},
  ) {
    const order = await insertTestOrder(t.db, {
      status: 'Shipped',
      ...values,
      lines: lines.map((line, index) => ({
        productId: null,
        name: `Line ${index + 1}`,
        quantity: line.quantity ?? 1,
        unitPriceMinor: line.priceMinor,
      })),
    });
    const items = await t.db
      .select({ id: orderItems.id, position: orderItems.position })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    for (const item of items) {
      await t.db
        .update(orderItems)
        .set({ storeId: lines[item.position]?.storeId ?? null })
        .where(eq(orderItems.id, item.id));
    }
    return order;
  }

  const deliver = (orderId: string) =>
    call('POST', `/orders/${orderId}/status`, admin, { status: 'Delivered' });

  const rowsOf = (storeId: string, orderId?: string) =>
    t.db
      .select()
      .from(vendorLedger)
      .where(and(eq(vendorLedger.storeId, storeId), orderId ? eq(vendorLedger.orderId, orderId) : undefined));

  async function earnings(vendor: Vendor): Promise<Earnings> {
    const response = await call('GET', '/vendor/earnings', vendor.token);
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('getVendorEarnings', response);
    return response.json<{ data: Earnings }>().data;
  }

  async function refund(orderId: string, amount: number) {
    const created = await call('POST', `/orders/${orderId}/refunds`, admin, { amount, reason: 'Damaged' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: { _id: string } }>().data._id;
    // A card payment the store's provider did not take is paid back by hand, then processed.
    const processed = await call('POST', `/refunds/${id}/process`, admin);
    expect(processed.statusCode, processed.body).toBe(200);
    return id;
  }

  describe('posting a delivered order', () => {
    it('posts each vendor line’s sale and commission once, at the default commission', async () => {
      const order = await shippedOrder([
        { storeId: alpha.id, priceMinor: 40_00, quantity: 2 },
        { storeId: null, priceMinor: 15_00 },
      ]);
      const delivered = await deliver(order.id);
      expect(delivered.statusCode, delivered.body).toBe(200);

      const rows = await rowsOf(alpha.id, order.id);
      expect(rows.map((row) => [row.kind, row.amountMinor]).sort()).toEqual([
        ['commission', -8_00],
        ['sale', 80_00],
      ]);
      // The shop's own line posts nothing, to anyone.
      const [other] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(vendorLedger)
        .where(eq(vendorLedger.orderId, order.id));
      expect(other?.n).toBe(2);

      // Delivering again is refused by the lifecycle, and posting again adds nothing.
      expect((await deliver(order.id)).statusCode).toBe(409);
      await t.db.transaction((tx) => postDeliveredVendorLines(tx, order.id, new Date()));
      expect(await rowsOf(alpha.id, order.id)).toHaveLength(2);

      const figures = await earnings(alpha);
      expect(figures).toEqual({
        balance: 72,
        earned: 80,
        commission: 8,
        refunded: 0,
        paidOut: 0,
        currency: 'USD',
        commissionPercent: 10,
        commissionIsDefault: true,
      });
    });

    it('takes the store’s own commission over the default, and converts at the order’s rate', async () => {
      const set = await call('PATCH', `/admin/vendors/${beta.id}/commission`, admin, {
        commissionPercent: 12.5,
      });
      expect(set.statusCode, set.body).toBe(200);
      assertMatchesContract('updateVendorCommission', set);
      expect(set.json<{ data: Earnings }>().data).toMatchObject({
        commissionPercent: 12.5,
        commissionIsDefault: false,
      });

      // 2,400 BDT at 120 BDT per USD is 20 USD.
      const order = await shippedOrder([{ storeId: beta.id, priceMinor: 2400_00 }], {
        currency: 'BDT',
        rate: '120',
      });
      expect((await deliver(order.id)).statusCode).toBe(200);
      const rows = await rowsOf(beta.id, order.id);
      const sale = rows.find((row) => row.kind === 'sale');
      const commission = rows.find((row) => row.kind === 'commission');
      expect(sale).toMatchObject({ amountMinor: 20_00, orderAmountMinor: 2400_00, orderCurrency: 'BDT' });
      expect(commission).toMatchObject({ amountMinor: -2_50, commissionBasisPoints: 1250 });

      // Back to the default: later lines pay System Settings' rate, rows already posted keep theirs.
      const reset = await call('PATCH', `/admin/vendors/${beta.id}/commission`, admin, {
        commissionPercent: null,
      });
      expect(reset.json<{ data: Earnings }>().data).toMatchObject({
        commissionPercent: 10,
        commissionIsDefault: true,
      });
      expect((await rowsOf(beta.id, order.id)).find((row) => row.kind === 'commission')?.amountMinor).toBe(
        -2_50,
      );
    });

    it('follows System Settings’ default commission for stores without their own', async () => {
      const vendor = await signedInVendor(t.app, t.db, { name: 'Gamma Goods' });
      const saved = await call('PUT', '/settings/store', admin, { vendorCommissionPercent: 15 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<{ data: { vendorCommissionPercent: number } }>().data.vendorCommissionPercent).toBe(
        15,
      );
      try {
        const order = await shippedOrder([{ storeId: vendor.id, priceMinor: 10_00 }]);
        expect((await deliver(order.id)).statusCode).toBe(200);
        expect(await earnings(vendor)).toMatchObject({ earned: 10, commission: 1.5, commissionPercent: 15 });
      } finally {
        await call('PUT', '/settings/store', admin, { vendorCommissionPercent: 10 });
      }
    });

    it('posts what the shopper paid after the vendor’s own coupon', async () => {
      const vendor = await signedInVendor(t.app, t.db, { name: 'Delta Designs' });
      const [campaign] = await t.db
        .insert(campaigns)
        .values({
          name: 'DELTA10',
          type: 'fixed',
          value: '10',
          startsAt: new Date(Date.now() - 86_400_000),
          endsAt: new Date(Date.now() + 86_400_000),
          storeId: vendor.id,
          createdBy: vendor.name,
        })
        .returning({ id: campaigns.id });
      // Two of the vendor's lines (30 and 20) share its 10 USD coupon; the shop's own line takes none of it.
      const order = await shippedOrder(
        [
          { storeId: vendor.id, priceMinor: 30_00 },
          { storeId: vendor.id, priceMinor: 20_00 },
          { storeId: null, priceMinor: 50_00 },
        ],
        { discountMinor: 10_00, campaignId: campaign?.id ?? null, totalMinor: 90_00 },
      );
      expect((await deliver(order.id)).statusCode).toBe(200);
      const sales = (await rowsOf(vendor.id, order.id)).filter((row) => row.kind === 'sale');
      expect(sales.map((row) => row.amountMinor).sort((a, b) => b - a)).toEqual([24_00, 16_00]);
      expect(await earnings(vendor)).toMatchObject({ earned: 40, commission: 4, balance: 36 });
    });
  });

  describe('refunds', () => {
    it('takes back the vendor lines’ share of a paid refund and its commission, once', async () => {
      const vendor = await signedInVendor(t.app, t.db, { name: 'Epsilon Ware' });
      // The vendor's line is 60 of the 100 items total.
      const order = await shippedOrder([
        { storeId: vendor.id, priceMinor: 60_00 },
        { storeId: null, priceMinor: 40_00 },
      ]);
      expect((await deliver(order.id)).statusCode).toBe(200);
      const refundId = await refund(order.id, 50);

      const rows = await rowsOf(vendor.id, order.id);
      expect(
        rows
          .filter((row) => row.refundId === refundId)
          .map((row) => [row.kind, row.amountMinor])
          .sort(),
      ).toEqual([
        ['commission_reversal', 3_00],
        ['refund', -30_00],
      ]);
      // Processing the same refund again is refused, and the reversal stays one.
      expect((await call('POST', `/refunds/${refundId}/process`, admin)).statusCode).toBe(409);
      await t.db.transaction((tx) =>
        reverseRefundedVendorLines(tx, { id: refundId, orderId: order.id, amountMinor: 50_00 }, new Date()),
      );
      expect((await rowsOf(vendor.id, order.id)).filter((row) => row.refundId === refundId)).toHaveLength(2);
      expect(await earnings(vendor)).toMatchObject({
        earned: 60,
        commission: 3,
        refunded: 30,
        balance: 27,
      });

      // The rest of the order: never more than the line earned, and all its commission given back.
      await refund(order.id, 50);
      const after = await earnings(vendor);
      expect(after).toMatchObject({ earned: 60, commission: 0, refunded: 60, balance: 0 });
    });

    it('takes back a refund paid before the delivery when the order is delivered', async () => {
      const vendor = await signedInVendor(t.app, t.db, { name: 'Zeta Works' });
      const order = await shippedOrder([{ storeId: vendor.id, priceMinor: 20_00 }]);
      await refund(order.id, 5);
      expect(await rowsOf(vendor.id, order.id)).toHaveLength(0);
      expect((await deliver(order.id)).statusCode).toBe(200);
      expect(await earnings(vendor)).toMatchObject({
        earned: 20,
        refunded: 5,
        commission: 1.5,
        balance: 13.5,
      });
    });
  });

  describe('payouts', () => {
    async function vendorWithBalance(name: string, priceMinor: number) {
      const vendor = await signedInVendor(t.app, t.db, { name });
      const order = await shippedOrder([{ storeId: vendor.id, priceMinor }]);
      expect((await deliver(order.id)).statusCode).toBe(200);
      return vendor;
    }

    it('records a payout with its activity entry and takes it off the balance', async () => {
      const vendor = await vendorWithBalance('Eta Textiles', 100_00);
      const response = await call('POST', `/admin/vendors/${vendor.id}/payouts`, admin, {
        amount: 50.25,
        reference: '  TRF-0042 ',
        note: 'November',
      });
      expect(response.statusCode, response.body).toBe(201);
      assertMatchesContract('createVendorPayout', response);
      expect(response.json<{ data: Earnings }>().data).toMatchObject({ paidOut: 50.25, balance: 39.75 });

      const [logged] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'vendor.payout'), eq(activityLog.target, `store:${vendor.id}`)));
      expect(logged?.details).toMatchObject({ amount: 50.25, reference: 'TRF-0042', balance: 39.75 });

      const ledger = await call('GET', `/admin/vendors/${vendor.id}/earnings/ledger?limit=1`, admin);
      expect(ledger.statusCode, ledger.body).toBe(200);
      assertMatchesContract('listAdminVendorLedger', ledger);
      const body = ledger.json<{ data: LedgerEntry[]; meta: { total: number } }>();
      expect(body.meta.total).toBe(3);
      expect(body.data[0]).toMatchObject({ kind: 'payout', amount: -50.25, reference: 'TRF-0042' });

      // The balance is the sum of the rows.
      const [sum] = await t.db
        .select({ minor: sql<string>`sum(${vendorLedger.amountMinor})` })
        .from(vendorLedger)
        .where(eq(vendorLedger.storeId, vendor.id));
      expect(Number(sum?.minor) / 100).toBe(39.75);
    });

    it('refuses a payout above the balance or not above 0 (422), and bad input (400)', async () => {
      const vendor = await vendorWithBalance('Theta Crafts', 10_00);
      const pay = (payload: object) => call('POST', `/admin/vendors/${vendor.id}/payouts`, admin, payload);
      const above = await pay({ amount: 9.01, reference: 'TRF-1' });
      expect(above.statusCode).toBe(422);
      expect(above.json<{ message: string }>().message).toBe(EXCEEDS_BALANCE);
      assertMatchesContract('createVendorPayout', above);
      const zero = await pay({ amount: 0, reference: 'TRF-1' });
      expect(zero.statusCode).toBe(422);
      expect(zero.json<{ message: string }>().message).toBe(NOT_POSITIVE);
      expect((await pay({ amount: -5, reference: 'TRF-1' })).statusCode).toBe(422);
      expect((await pay({ amount: 1.005, reference: 'TRF-1' })).statusCode).toBe(400);
      expect((await pay({ amount: 1, reference: '   ' })).statusCode).toBe(400);
      expect((await pay({ amount: 1 })).statusCode).toBe(400);
      expect((await rowsOf(vendor.id)).filter((row) => row.kind === 'payout')).toHaveLength(0);

      expect((await pay({ amount: 9, reference: 'TRF-2' })).statusCode).toBe(201);
      expect(await earnings(vendor)).toMatchObject({ balance: 0, paidOut: 9 });
    });

    it('answers 404 for a store that is not a vendor’s', async () => {
      const [own] = await t.db
        .insert(stores)
        .values({ name: 'Factory', email: 'f@example.org', kind: 'factory' })
        .returning();
      for (const id of [own?.id, '00000000-0000-4000-8000-000000000000']) {
        expect((await call('GET', `/admin/vendors/${id}/earnings`, admin)).statusCode).toBe(404);
        expect(
          (await call('POST', `/admin/vendors/${id}/payouts`, admin, { amount: 1, reference: 'X' }))
            .statusCode,
        ).toBe(404);
        expect(
          (await call('PATCH', `/admin/vendors/${id}/commission`, admin, { commissionPercent: 5 }))
            .statusCode,
        ).toBe(404);
      }
    });
  });

  describe('who may see and change what', () => {
    it('shows a vendor only their own ledger', async () => {
      const response = await call('GET', '/vendor/earnings/ledger', beta.token);
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('listVendorLedger', response);
      const rows = response.json<{ data: LedgerEntry[] }>().data;
      expect(rows.length).toBeGreaterThan(0);
      const betaOrders = new Set((await rowsOf(beta.id)).map((row) => row.orderId));
      const alphaOrders = (await rowsOf(alpha.id)).map((row) => row.orderId);
      expect(alphaOrders.some((id) => betaOrders.has(id))).toBe(false);
      const [alphaOrder] = await t.db
        .select({ orderNumber: orders.orderNumber })
        .from(orders)
        .where(eq(orders.id, alphaOrders[0] ?? ''));
      expect(rows.map((row) => row.orderNumber)).not.toContain(alphaOrder?.orderNumber);
      // A vendor token cannot reach staff's view of another store.
      expect((await call('GET', `/admin/vendors/${alpha.id}/earnings/ledger`, beta.token)).statusCode).toBe(
        403,
      );
    });

    it('answers 401 without a token, 403 to other kinds of account and to staff without the permission', async () => {
      const shopper = await registerShopper(t.app);
      const limited = await limitedStaffToken(t.app, t.db, ['orders']);
      const calls: Array<[Method, string, object?]> = [
        ['GET', `/admin/vendors/${alpha.id}/earnings`],
        ['GET', `/admin/vendors/${alpha.id}/earnings/ledger`],
        ['POST', `/admin/vendors/${alpha.id}/payouts`, { amount: 1, reference: 'X' }],
        ['PATCH', `/admin/vendors/${alpha.id}/commission`, { commissionPercent: 1 }],
      ];
      for (const [method, url, payload] of calls) {
        expect((await call(method, url, null, payload)).statusCode).toBe(401);
        expect((await call(method, url, shopper.token, payload)).statusCode).toBe(403);
        expect((await call(method, url, alpha.token, payload)).statusCode).toBe(403);
        expect((await call(method, url, limited, payload)).statusCode).toBe(403);
      }
      for (const url of ['/vendor/earnings', '/vendor/earnings/ledger']) {
        expect((await call('GET', url, null)).statusCode).toBe(401);
        expect((await call('GET', url, admin)).statusCode).toBe(403);
        expect((await call('GET', url, shopper.token)).statusCode).toBe(403);
      }
      expect((await rowsOf(alpha.id)).filter((row) => row.kind === 'payout')).toHaveLength(0);
    });
  });
});
