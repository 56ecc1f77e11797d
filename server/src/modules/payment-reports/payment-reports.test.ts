import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, orders, payments, refunds } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, createStaff, limitedStaffToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestOrder } from '../refunds/refunds.fixtures.ts';
import { ALREADY_REMITTED, COD_NOT_COLLECTED, NOT_COD_ORDER } from './payment-reports.repository.ts';

type PaymentInsert = typeof payments.$inferInsert;

interface Paged<T> {
  data: T[];
  meta: { page: number; limit: number; total: number };
}
interface PaymentBody {
  _id: string;
  reference: string;
  orderNumber: string | null;
  customer: string | null;
  provider: string;
  state: string;
  amount: number;
  refunded: number;
  currency: string;
  providerRef: string | null;
  mismatch: string | null;
}
interface MismatchBody {
  kind: string;
  paymentId: string | null;
  orderId: string | null;
  orderNumber: string;
  provider: string | null;
  amount: number;
}
interface CodBody {
  _id: string;
  orderNumber: string;
  carrier: string | null;
  tracking: string | null;
  owed: number;
  state: string;
  collectedBy: string | null;
  remitted: number | null;
  remittanceRef: string | null;
  outstanding: number;
}
interface CarrierSummary {
  carrier: string | null;
  currency: string;
  orders: number;
  owed: number;
  collected: number;
  remitted: number;
  outstanding: number;
}

describe('payment reports', () => {
  let t: TestApp;
  let staff: string;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await limitedStaffToken(t.app, t.db, ['orders']);
  });
  afterAll(() => t.close());

  const get = (url: string, token: string | null = staff) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: token ? bearer(token) : {} });
  const remit = (orderId: string, payload: object, token: string = staff) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/cod-remittance`,
      headers: bearer(token),
      payload,
    });

  async function insertPayment(values: Partial<PaymentInsert> & Pick<PaymentInsert, 'provider'>) {
    serial += 1;
    const [row] = await t.db
      .insert(payments)
      .values({
        reference: `ORD-PAY-${serial}`,
        method: 'Credit Card',
        state: 'paid',
        amountMinor: 50_00,
        currency: 'USD',
        providerRef: `ch_${values.provider}_${serial}`,
        confirmedAt: new Date(),
        ...values,
      })
      .returning();
    if (!row) throw new Error('payment insert returned no row');
    return row;
  }

  it('lists charges newest first with their order, flags paid charges without a paid order, and filters', async () => {
    const order = await insertTestOrder(t.db, { totalMinor: 80_00, customerName: 'Rafiq Islam' });
    const unpaidOrder = await insertTestOrder(t.db, { totalMinor: 30_00, isPaid: false });
    const withOrder = await insertPayment({
      provider: 'listing',
      orderId: order.id,
      reference: order.orderNumber,
      amountMinor: 80_00,
      createdAt: new Date('2026-11-20T10:00:00Z'),
    });
    const orphan = await insertPayment({
      provider: 'listing',
      state: 'partially_refunded',
      refundedMinor: 10_00,
      reference: 'ORD-NEVER-COMMITTED',
      createdAt: new Date('2026-11-21T10:00:00Z'),
    });
    const onUnpaid = await insertPayment({
      provider: 'listing',
      orderId: unpaidOrder.id,
      reference: unpaidOrder.orderNumber,
      createdAt: new Date('2026-11-22T10:00:00Z'),
    });
    const failed = await insertPayment({
      provider: 'listing',
      state: 'failed',
      reference: 'ORD-DECLINED',
      createdAt: new Date('2026-11-23T10:00:00Z'),
    });

    const response = await get('/admin/payments?provider=listing');
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('listPayments', response);
    const body = response.json<Paged<PaymentBody>>();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 4 });
    expect(body.data.map((p) => p._id)).toEqual([failed.id, onUnpaid.id, orphan.id, withOrder.id]);
    expect(body.data.map((p) => p.mismatch)).toEqual([
      null,
      'paid_without_order',
      'paid_without_order',
      null,
    ]);
    expect(body.data[3]).toMatchObject({
      orderNumber: order.orderNumber,
      customer: 'Rafiq Islam',
      amount: 80,
      refunded: 0,
      currency: 'USD',
      state: 'paid',
    });
    expect(body.data[2]).toMatchObject({ orderNumber: null, customer: null, amount: 50, refunded: 10 });

    const byState = await get('/admin/payments?provider=listing&state=failed');
    expect(byState.json<Paged<PaymentBody>>().data.map((p) => p._id)).toEqual([failed.id]);
    const bySearch = await get('/admin/payments?q=rafiq');
    expect(bySearch.json<Paged<PaymentBody>>().data.map((p) => p._id)).toEqual([withOrder.id]);
    const byRef = await get(`/admin/payments?q=${orphan.providerRef}`);
    expect(byRef.json<Paged<PaymentBody>>().data.map((p) => p._id)).toEqual([orphan.id]);
    const paged = await get('/admin/payments?provider=listing&page=2&limit=3');
    expect(paged.json<Paged<PaymentBody>>().data.map((p) => p._id)).toEqual([withOrder.id]);

    expect((await get('/admin/payments?state=lost')).statusCode).toBe(400);
  });

  it('finds both kinds of mismatch and leaves payments staff record alone', async () => {
    const orphan = await insertPayment({ provider: 'mismatch', reference: 'ORD-ORPHAN' });
    const unpaid = await insertTestOrder(t.db, { isPaid: false, totalMinor: 12_00 });
    const onUnpaid = await insertPayment({
      provider: 'mismatch',
      orderId: unpaid.id,
      reference: unpaid.orderNumber,
    });
    const unconfirmedCard = await insertTestOrder(t.db, { totalMinor: 44_00, paymentMethod: 'Credit Card' });
    const unconfirmedPaypal = await insertTestOrder(t.db, { totalMinor: 45_00, paymentMethod: 'PayPal' });
    // The provider only tried, and failed: the order is still marked paid without a confirmed charge.
    await insertPayment({
      provider: 'mismatch',
      state: 'failed',
      orderId: unconfirmedPaypal.id,
      reference: unconfirmedPaypal.orderNumber,
    });

    const confirmed = await insertTestOrder(t.db, { paymentMethod: 'PayPal' });
    await insertPayment({ provider: 'mismatch', orderId: confirmed.id, reference: confirmed.orderNumber });
    const refundedCharge = await insertTestOrder(t.db, { paymentMethod: 'Credit Card' });
    await insertPayment({
      provider: 'mismatch',
      state: 'refunded',
      refundedMinor: 50_00,
      orderId: refundedCharge.id,
      reference: refundedCharge.orderNumber,
    });
    const refundedOrphan = await insertPayment({
      provider: 'mismatch',
      state: 'refunded',
      refundedMinor: 50_00,
    });
    const bank = await insertTestOrder(t.db, { paymentMethod: 'Bank Transfer', paymentRef: 'BANK-778' });
    const cash = await insertTestOrder(t.db, { paymentMethod: 'Cash' });
    const offline = await insertTestOrder(t.db, { paymentMethod: 'Offline' });
    const cod = await insertTestOrder(t.db, {
      paymentMethod: 'Cash on Delivery',
      codCollectedAt: new Date(),
      codCollectedBy: 'courier',
    });
    const desk = await createStaff(t.db, { email: 'till@example.com', password: 'password-123' });
    const manualCard = await insertTestOrder(t.db, {
      paymentMethod: 'Credit Card',
      placedByAdminId: desk.id,
    });

    const response = await get('/admin/payments/mismatches?limit=100');
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('listPaymentMismatches', response);
    const { data, meta } = response.json<Paged<MismatchBody>>();
    expect(meta.total).toBe(data.length);
    const byPayment = new Map(data.filter((m) => m.paymentId).map((m) => [m.paymentId, m]));
    const byOrder = new Map(data.filter((m) => !m.paymentId).map((m) => [m.orderId, m]));

    expect(byPayment.get(orphan.id)).toMatchObject({
      kind: 'paid_without_order',
      orderId: null,
      orderNumber: 'ORD-ORPHAN',
      provider: 'mismatch',
      amount: 50,
    });
    expect(byPayment.get(onUnpaid.id)).toMatchObject({ kind: 'paid_without_order', orderId: unpaid.id });
    expect(byOrder.get(unconfirmedCard.id)).toMatchObject({
      kind: 'paid_without_confirmation',
      orderNumber: unconfirmedCard.orderNumber,
      provider: null,
      amount: 44,
    });
    expect(byOrder.get(unconfirmedPaypal.id)).toMatchObject({ kind: 'paid_without_confirmation' });

    expect(byPayment.has(refundedOrphan.id)).toBe(false);
    for (const fine of [confirmed, refundedCharge, bank, cash, offline, cod, manualCard]) {
      expect(byOrder.has(fine.id), fine.paymentMethod).toBe(false);
    }

    const small = await get('/admin/payments/mismatches?limit=1&page=2');
    expect(small.json<Paged<MismatchBody>>().data).toHaveLength(1);
    expect(small.json<Paged<MismatchBody>>().meta.total).toBe(meta.total);
  });

  it('sums charges per provider and currency, with each state', async () => {
    await insertPayment({ provider: 'summed', amountMinor: 10_00 });
    await insertPayment({ provider: 'summed', amountMinor: 15_50 });
    await insertPayment({
      provider: 'summed',
      state: 'partially_refunded',
      amountMinor: 20_00,
      refundedMinor: 5_00,
    });
    await insertPayment({ provider: 'summed', state: 'failed', amountMinor: 7_00 });
    await insertPayment({ provider: 'summed', currency: 'BDT', amountMinor: 1200_00 });

    const response = await get('/admin/payments/summary');
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('getPaymentSummary', response);
    const summed = response
      .json<{ data: Array<{ provider: string; currency: string }> }>()
      .data.filter((s) => s.provider === 'summed');
    expect(summed).toEqual([
      {
        provider: 'summed',
        currency: 'BDT',
        count: 1,
        amount: 1200,
        refunded: 0,
        states: [{ state: 'paid', count: 1, amount: 1200 }],
      },
      {
        provider: 'summed',
        currency: 'USD',
        count: 4,
        amount: 52.5,
        refunded: 5,
        states: [
          { state: 'paid', count: 2, amount: 25.5 },
          { state: 'failed', count: 1, amount: 7 },
          { state: 'partially_refunded', count: 1, amount: 20 },
        ],
      },
    ]);
  });

  it('lists refunds with the provider that paid them back, or manual', async () => {
    const card = await insertTestOrder(t.db, { totalMinor: 60_00, paymentRef: 'ch_refundable' });
    await insertPayment({
      provider: 'stripe',
      orderId: card.id,
      reference: card.orderNumber,
      providerRef: 'ch_refundable',
    });
    const bank = await insertTestOrder(t.db, { totalMinor: 40_00, paymentMethod: 'Bank Transfer' });
    const [gateway] = await t.db
      .insert(refunds)
      .values({
        orderId: card.id,
        amountMinor: 20_00,
        currency: 'USD',
        status: 'Completed',
        reason: 'Broken',
        createdBy: 'desk',
        processedBy: 'desk',
        processedAt: new Date(),
        gatewayRef: 're_123',
        createdAt: new Date('2026-11-24T10:00:00Z'),
      })
      .returning();
    const [manual] = await t.db
      .insert(refunds)
      .values({
        orderId: bank.id,
        amountMinor: 15_00,
        currency: 'USD',
        reason: 'Late',
        createdBy: 'desk',
        createdAt: new Date('2026-11-25T10:00:00Z'),
      })
      .returning();

    const response = await get('/admin/payments/refunds');
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('listPaymentRefunds', response);
    const { data, meta } = response.json<Paged<Record<string, unknown>>>();
    expect(meta.total).toBe(2);
    expect(data[0]).toMatchObject({
      _id: manual?.id,
      orderNumber: bank.orderNumber,
      provider: 'manual',
      status: 'Pending',
      amount: 15,
      gatewayRef: null,
    });
    expect(data[1]).toMatchObject({
      _id: gateway?.id,
      orderNumber: card.orderNumber,
      provider: 'stripe',
      status: 'Completed',
      amount: 20,
      currency: 'USD',
      gatewayRef: 're_123',
    });
    expect(data[1]?.id).toMatch(/^RF-\d{6}$/);
  });

  describe('cash on delivery', () => {
    const cod = (values: Parameters<typeof insertTestOrder>[1] = {}) =>
      insertTestOrder(t.db, {
        paymentMethod: 'Cash on Delivery',
        isPaid: false,
        carrier: 'Pathao',
        ...values,
      });
    const collected = {
      codCollectedAt: new Date('2026-11-20T12:00:00Z'),
      codCollectedBy: 'courier' as const,
    };

    it('tells each order state and sums owed, collected, remitted and outstanding per carrier', async () => {
      const awaiting = await cod({ totalMinor: 100_00, carrier: 'Steadfast', trackingNumber: 'SF-1' });
      await cod({ totalMinor: 999_00, carrier: 'Steadfast', status: 'Cancelled' });
      const held = await cod({ totalMinor: 200_00, carrier: 'Steadfast', isPaid: true, ...collected });
      const paidIn = await cod({
        totalMinor: 300_00,
        carrier: 'Steadfast',
        isPaid: true,
        ...collected,
        codRemittedMinor: 300_00,
        codRemittedAt: new Date(),
        codRemittanceRef: 'SF-REM-1',
      });
      const short = await cod({
        totalMinor: 400_00,
        carrier: 'Steadfast',
        isPaid: true,
        ...collected,
        codCollectedBy: 'staff',
        codRemittedMinor: 350_00,
        codRemittedAt: new Date(),
        codRemittanceRef: 'SF-REM-2',
      });
      await cod({ totalMinor: 5000_00, carrier: 'Steadfast', currency: 'BDT', ...collected });

      const response = await get('/admin/payments/cash-on-delivery?carrier=Steadfast');
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('listCashOnDelivery', response);
      const body = response.json<Paged<CodBody> & { summary: CarrierSummary[] }>();
      expect(body.meta.total).toBe(5);
      const byId = new Map(body.data.map((row) => [row._id, row]));
      expect(byId.get(awaiting.id)).toMatchObject({
        orderNumber: awaiting.orderNumber,
        carrier: 'Steadfast',
        tracking: 'SF-1',
        owed: 100,
        state: 'awaiting_delivery',
        remitted: null,
        outstanding: 0,
      });
      expect(byId.get(held.id)).toMatchObject({
        state: 'collected',
        collectedBy: 'courier',
        outstanding: 200,
      });
      expect(byId.get(paidIn.id)).toMatchObject({ state: 'remitted', remitted: 300, outstanding: 0 });
      expect(byId.get(short.id)).toMatchObject({
        state: 'short',
        collectedBy: 'staff',
        remitted: 350,
        remittanceRef: 'SF-REM-2',
        outstanding: 50,
      });
      expect(body.summary).toEqual([
        {
          carrier: 'Steadfast',
          currency: 'BDT',
          orders: 1,
          owed: 5000,
          collected: 5000,
          remitted: 0,
          outstanding: 5000,
        },
        {
          carrier: 'Steadfast',
          currency: 'USD',
          orders: 4,
          owed: 1000,
          collected: 900,
          remitted: 650,
          outstanding: 250,
        },
      ]);

      const shortOnly = await get('/admin/payments/cash-on-delivery?carrier=Steadfast&state=short');
      const shortBody = shortOnly.json<Paged<CodBody> & { summary: CarrierSummary[] }>();
      expect(shortBody.data.map((row) => row._id)).toEqual([short.id]);
      // The summary covers the carrier, whatever state the table shows.
      expect(shortBody.summary).toEqual(body.summary);

      const everyCarrier = await get('/admin/payments/cash-on-delivery?limit=100');
      const ids = everyCarrier.json<Paged<CodBody>>().data.map((row) => row._id);
      expect(ids).toEqual(expect.arrayContaining([awaiting.id, held.id]));
      const card = await insertTestOrder(t.db, { paymentMethod: 'Credit Card', carrier: 'Steadfast' });
      expect(
        (await get('/admin/payments/cash-on-delivery?limit=100'))
          .json<Paged<CodBody>>()
          .data.map((r) => r._id),
      ).not.toContain(card.id);
    });

    it('records a remittance with its activity entry, shows a shortfall, and replaces only when asked', async () => {
      const order = await cod({ totalMinor: 250_00, isPaid: true, ...collected });
      const first = await remit(order.orderNumber, { amount: 240.5, reference: 'PATHAO-REM-9' });
      expect(first.statusCode, first.body).toBe(200);
      assertMatchesContract('recordCodRemittance', first);
      expect(first.json().data).toMatchObject({
        _id: order.id,
        state: 'short',
        owed: 250,
        remitted: 240.5,
        remittanceRef: 'PATHAO-REM-9',
        outstanding: 9.5,
      });
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ codRemittedMinor: 240_50, codRemittanceRef: 'PATHAO-REM-9' });
      expect(row?.codRemittedAt).not.toBeNull();

      const again = await remit(order.id, { amount: 250, reference: 'PATHAO-REM-10' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ success: false, code: 'CONFLICT', message: ALREADY_REMITTED });

      const replaced = await remit(order.id, { amount: 250, reference: 'PATHAO-REM-10', replace: true });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json().data).toMatchObject({ state: 'remitted', remitted: 250, outstanding: 0 });

      const logged = await t.db
        .select()
        .from(activityLog)
        .where(
          and(
            eq(activityLog.action, 'order.cod_remittance'),
            eq(activityLog.target, `order:${order.orderNumber}`),
          ),
        )
        .orderBy(activityLog.at);
      expect(logged).toHaveLength(2);
      expect(logged[0]).toMatchObject({ actorType: 'admin', outcome: 'success' });
      expect(logged[1]?.details).toMatchObject({
        before: { remitted: 240.5, reference: 'PATHAO-REM-9' },
        after: { remitted: 250, reference: 'PATHAO-REM-10', state: 'remitted' },
      });

      const nothing = await cod({ totalMinor: 50_00, isPaid: true, ...collected });
      const zero = await remit(nothing.id, { amount: 0, reference: 'LOST-PARCEL' });
      expect(zero.json().data).toMatchObject({ state: 'short', remitted: 0, outstanding: 50 });
    });

    it('refuses orders that are not collected cash on delivery, and bad amounts, changing nothing', async () => {
      const notCollected = await cod({ totalMinor: 70_00 });
      const card = await insertTestOrder(t.db, { paymentMethod: 'Credit Card' });
      const collectedOrder = await cod({ totalMinor: 70_00, ...collected });

      const early = await remit(notCollected.id, { amount: 70, reference: 'R-1' });
      expect(early.statusCode).toBe(422);
      expect(early.json()).toMatchObject({ code: 'UNPROCESSABLE', message: COD_NOT_COLLECTED });
      const byCard = await remit(card.id, { amount: 70, reference: 'R-1' });
      expect(byCard.statusCode).toBe(422);
      expect(byCard.json().message).toBe(NOT_COD_ORDER);
      expect((await remit('ORD-DOES-NOT-EXIST', { amount: 1, reference: 'R-1' })).statusCode).toBe(404);
      expect((await remit(collectedOrder.id, { amount: -1, reference: 'R-1' })).statusCode).toBe(400);
      expect((await remit(collectedOrder.id, { amount: 1.234, reference: 'R-1' })).statusCode).toBe(400);
      expect((await remit(collectedOrder.id, { amount: 1, reference: '   ' })).statusCode).toBe(400);
      expect((await remit(collectedOrder.id, { amount: 1 })).statusCode).toBe(400);

      const rows = await t.db.select().from(orders).where(eq(orders.paymentMethod, 'Cash on Delivery'));
      for (const id of [notCollected.id, collectedOrder.id]) {
        expect(rows.find((r) => r.id === id)?.codRemittedMinor).toBeNull();
      }
      const logged = await t.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.target, `order:${collectedOrder.orderNumber}`));
      expect(logged).toHaveLength(0);
    });
  });

  it('needs the orders permission: other staff and shoppers get 403, no token 401', async () => {
    const refundsOnly = await limitedStaffToken(t.app, t.db, ['refunds', 'reports']);
    const shopper = (await registerShopper(t.app)).token;
    const order = await insertTestOrder(t.db, {
      paymentMethod: 'Cash on Delivery',
      codCollectedAt: new Date(),
      codCollectedBy: 'courier',
    });
    const calls = [
      (token: string | null) => get('/admin/payments', token),
      (token: string | null) => get('/admin/payments/mismatches', token),
      (token: string | null) => get('/admin/payments/summary', token),
      (token: string | null) => get('/admin/payments/refunds', token),
      (token: string | null) => get('/admin/payments/cash-on-delivery', token),
      (token: string | null) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/orders/${order.id}/cod-remittance`,
          headers: token ? bearer(token) : {},
          payload: { amount: 1, reference: 'R-1' },
        }),
    ];
    for (const call of calls) {
      expect((await call(refundsOnly)).statusCode).toBe(403);
      expect((await call(shopper)).statusCode).toBe(403);
      expect((await call(null)).statusCode).toBe(401);
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.codRemittedMinor).toBeNull();
  });
});
