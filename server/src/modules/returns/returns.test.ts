import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, limitedStaffToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestOrder, insertTestProduct } from '../orders/orders.fixtures.ts';
import { ALREADY_DECIDED, ALREADY_REQUESTED, NOT_DELIVERED, WINDOW_CLOSED } from './returns.repository.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('return and refund requests', () => {
  let t: TestApp;
  let shopper: { id: string; token: string };
  let admin: string;
  let recent: { id: string; orderNumber: string };
  let old: { id: string };
  let onTheWay: { id: string };

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    shopper = await registerShopper(t.app);
    admin = await demoAdminToken(t.app);
    const product = await insertTestProduct(t.db, {
      skus: [{ skuId: 'q1', salePriceMinor: 2500, stock: 9 }],
    });
    const base = { customerId: shopper.id, productId: product.id, totalMinor: 2500 };
    recent = await insertTestOrder(t.db, { ...base, deliveredAt: new Date(Date.now() - 2 * DAY) });
    old = await insertTestOrder(t.db, { ...base, deliveredAt: new Date(Date.now() - 8 * DAY) });
    onTheWay = await insertTestOrder(t.db, { ...base, deliveredAt: null });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  it('takes a request on an order delivered within 7 days, and shows it on the order', async () => {
    const created = await call('POST', `/order/${recent.id}/return-requests`, shopper.token, {
      kind: 'refund',
      reason: '  The case arrived cracked.  ',
    });
    expect(created.statusCode).toBe(201);
    assertMatchesContract('createReturnRequest', created);
    expect(created.json().data).toMatchObject({
      kind: 'refund',
      reason: 'The case arrived cracked.',
      status: 'Requested',
    });

    const listed = await call('GET', `/order/${recent.id}/return-requests`, shopper.token);
    assertMatchesContract('listOrderReturnRequests', listed);
    expect(listed.json().data).toHaveLength(1);

    const twice = await call('POST', `/order/${recent.id}/return-requests`, shopper.token, {
      kind: 'return',
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(ALREADY_REQUESTED);
  });

  it('refuses an order not delivered, one past the window, and another shopper’s', async () => {
    const late = await call('POST', `/order/${old.id}/return-requests`, shopper.token, {
      kind: 'return',
      reason: 'x',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(WINDOW_CLOSED);
    const early = await call('POST', `/order/${onTheWay.id}/return-requests`, shopper.token, {
      kind: 'return',
      reason: 'x',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(NOT_DELIVERED);
    const stranger = await registerShopper(t.app);
    const theirs = await call('POST', `/order/${recent.id}/return-requests`, stranger.token, {
      kind: 'return',
      reason: 'x',
    });
    expect(theirs.statusCode).toBe(404);
    expect((await call('GET', `/order/${recent.id}/return-requests`, stranger.token)).statusCode).toBe(404);
    const blank = await call('POST', `/order/${recent.id}/return-requests`, shopper.token, {
      kind: 'return',
      reason: '   ',
    });
    expect(blank.statusCode).toBe(400);
  });

  it('reaches staff, who approve it once; the refund then marks it Refunded; the log records the decision', async () => {
    const list = await call('GET', '/return-requests?status=Requested', admin);
    expect(list.statusCode).toBe(200);
    assertMatchesContract('listReturnRequests', list);
    const request = list.json().data.find((entry: { orderId: string }) => entry.orderId === recent.id);
    expect(request).toMatchObject({ orderNumber: recent.orderNumber, totalPrice: 25, currency: 'USD' });

    const approved = await call('POST', `/return-requests/${request._id}/decision`, admin, {
      status: 'Approved',
      note: 'Sorry about that; refunding now.',
    });
    expect(approved.statusCode).toBe(200);
    assertMatchesContract('decideReturnRequest', approved);
    expect(approved.json().data).toMatchObject({
      status: 'Approved',
      note: 'Sorry about that; refunding now.',
    });
    const again = await call('POST', `/return-requests/${request._id}/decision`, admin, {
      status: 'Rejected',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ALREADY_DECIDED);

    const refund = await call('POST', `/orders/${recent.id}/refunds`, admin, {
      amount: 25,
      reason: 'Cracked case',
    });
    expect(refund.statusCode).toBe(201);
    const shown = (await call('GET', `/order/${recent.id}/return-requests`, shopper.token)).json().data[0];
    expect(shown).toMatchObject({ status: 'Refunded', note: 'Sorry about that; refunding now.' });

    const logged = await t.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.action, 'return.decide'), eq(activityLog.target, `order:${recent.orderNumber}`)),
      );
    expect(logged).toHaveLength(1);
  });

  it('keeps the staff side to the refunds permission', async () => {
    const viewer = await limitedStaffToken(t.app, t.db, ['orders']);
    expect((await call('GET', '/return-requests', viewer)).statusCode).toBe(403);
    expect((await call('GET', '/return-requests', shopper.token)).statusCode).toBe(403);
    expect((await call('GET', '/return-requests', null)).statusCode).toBe(401);
  });
});
