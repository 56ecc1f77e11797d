import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  campaigns,
  cartLines,
  carts,
  coupons,
  customers,
  outbox,
  products,
  recoveredOrders,
} from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, limitedStaffToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import { cartRemindersJob } from './carts.jobs.ts';
import { cartLinks } from './carts.links.ts';
import { markRecoveredOrder } from './carts.recovered.ts';
import { sendCartReminders } from './carts.recovery.ts';

const ADDRESS = {
  full_name: 'Nusrat Jahan',
  address: 'House 7, Road 2, Banani',
  city: 'Dhaka',
  province: 'Dhaka Division',
  country: 'BD',
  zip: '1213',
  mobile_no: '1711000000',
  phone_country: '+880',
  logistics_service_name: 'CAINIAO_STANDARD',
};

const MINUTE = 60_000;

describe('carts kept on the server', () => {
  let t: TestApp;
  let admin: string;
  let shopper: Awaited<ReturnType<typeof registerShopper>>;
  let other: Awaited<ReturnType<typeof registerShopper>>;
  let earbuds: Awaited<ReturnType<typeof insertTestProduct>>;
  let lamp: Awaited<ReturnType<typeof insertTestProduct>>;
  let hidden: Awaited<ReturnType<typeof insertTestProduct>>;
  let links: ReturnType<typeof cartLinks>;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    shopper = await registerShopper(t.app, { name: 'Nusrat Jahan' });
    other = await registerShopper(t.app);
    links = cartLinks(t.config.tokenSecret);
    earbuds = await insertTestProduct(t.db, {
      title: 'Wireless Earbuds',
      skus: [
        { skuId: 'W1', salePriceMinor: 18_99, stock: 5 },
        { skuId: 'W2', salePriceMinor: 21_50, stock: 0 },
      ],
    });
    lamp = await insertTestProduct(t.db, {
      title: 'Desk Lamp',
      skus: [{ skuId: 'L1', salePriceMinor: 25_00, stock: 20 }],
    });
    hidden = await insertTestProduct(t.db, {
      title: 'Withdrawn Kettle',
      status: 'disabled',
      skus: [{ skuId: 'K1', salePriceMinor: 30_00, stock: 9 }],
    });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string | null, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  const line = (product: string, sku_id: string, quantity: number, extra: object = {}) => ({
    product,
    sku_id,
    quantity,
    ...extra,
  });

  /** Moves the shopper's cart back in time, as if it had been left that long. */
  const leave = (customerId: string, minutes: number) =>
    t.db
      .update(carts)
      .set({ updatedAt: new Date(Date.now() - minutes * MINUTE) })
      .where(eq(carts.customerId, customerId));

  const remindersTo = (email: string) =>
    t.db
      .select({ kind: outbox.kind, subject: outbox.subject, body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.kind, 'cart.reminder.%')))
      .orderBy(outbox.createdAt);

  const remind = () =>
    sendCartReminders({ db: t.db, links, storeUrl: 'http://shop.test', firstAfterMinutes: 60 });

  it('asks for a shopper: no token 401, a staff token 403', async () => {
    expect((await call('GET', '/api/cart', null)).statusCode).toBe(401);
    expect((await call('PUT', '/api/cart', null, { items: [] })).statusCode).toBe(401);
    expect((await call('POST', '/api/cart/merge', null, { items: [] })).statusCode).toBe(401);
    expect((await call('GET', '/api/cart', admin)).statusCode).toBe(403);
  });

  it('starts empty and keeps what the device saves, priced by the server', async () => {
    const empty = await call('GET', '/api/cart', shopper.token);
    expect(empty.statusCode).toBe(200);
    assertMatchesContract('getCart', empty);
    expect(empty.json().data).toEqual({ items: [], updatedAt: null });

    const saved = await call('PUT', '/api/cart', shopper.token, {
      items: [
        line(earbuds.id, 'W1', 2, { logistics_service_name: 'CAINIAO_STANDARD' }),
        line(lamp.id, 'L1', 1),
      ],
    });
    expect(saved.statusCode).toBe(200);
    assertMatchesContract('replaceCart', saved);
    expect(saved.json().data.items).toMatchObject([
      {
        product: earbuds.id,
        sku_id: 'W1',
        quantity: 2,
        name: 'Wireless Earbuds',
        price: 18.99,
        currency: 'USD',
      },
      {
        product: lamp.id,
        sku_id: 'L1',
        quantity: 1,
        name: 'Desk Lamp',
        price: 25,
        logistics_service_name: null,
      },
    ]);
    const eur = await call('GET', '/api/cart?currency=EUR', shopper.token);
    expect(eur.json().data.items[0]).toMatchObject({ currency: 'EUR' });
    expect(eur.json().data.items[0].price).not.toBe(18.99);
  });

  it('keeps the lines in the order the device last sent them, even within one moment', async () => {
    const order = async () =>
      ((await call('GET', '/api/cart', shopper.token)).json().data.items as Array<{ sku_id: string }>).map(
        (item) => item.sku_id,
      );
    await call('PUT', '/api/cart', shopper.token, {
      items: [line(earbuds.id, 'W1', 2), line(lamp.id, 'L1', 1)],
    });
    expect(await order()).toEqual(['W1', 'L1']);
    await call('PUT', '/api/cart', shopper.token, {
      items: [line(lamp.id, 'L1', 1), line(earbuds.id, 'W1', 3)],
    });
    expect(await order()).toEqual(['L1', 'W1']);
  });

  it('holds quantities at the stock and drops what cannot be bought', async () => {
    const saved = await call('PUT', '/api/cart', shopper.token, {
      items: [
        line(earbuds.id, 'W1', 4),
        line(earbuds.id, 'W1', 4),
        line(earbuds.id, 'W2', 1),
        line(hidden.id, 'K1', 1),
        line(lamp.id, 'NO-SUCH-SKU', 1),
        line('not-a-product', 'X', 1),
      ],
    });
    expect(saved.statusCode).toBe(200);
    // 4 + 4 combined, held at the 5 in stock; the sold-out SKU, the disabled product and the unknown ones gone.
    expect(saved.json().data.items).toMatchObject([{ product: earbuds.id, sku_id: 'W1', quantity: 5 }]);
    expect(
      (await call('PUT', '/api/cart', shopper.token, { items: [line(lamp.id, 'L1', 13)] })).statusCode,
    ).toBe(400);
  });

  it('merges the device cart at sign-in: quantities added, held at 12 and the stock', async () => {
    await call('PUT', '/api/cart', other.token, {
      items: [line(lamp.id, 'L1', 8), line(earbuds.id, 'W1', 3)],
    });
    const merged = await call('POST', '/api/cart/merge', other.token, {
      items: [line(lamp.id, 'L1', 7), line(earbuds.id, 'W1', 3), line(hidden.id, 'K1', 2)],
    });
    expect(merged.statusCode).toBe(200);
    assertMatchesContract('mergeCart', merged);
    expect(merged.json().data.items).toHaveLength(2);
    expect(merged.json().data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product: lamp.id, quantity: 12 }),
        expect.objectContaining({ product: earbuds.id, quantity: 5 }),
      ]),
    );
    // Each shopper's cart is their own.
    const mine = await call('GET', '/api/cart', shopper.token);
    expect(mine.json().data.items).toHaveLength(1);
  });

  it('sends the first reminder after an hour, once per version of the cart', async () => {
    await call('PUT', '/api/cart', shopper.token, {
      items: [line(earbuds.id, 'W1', 2), line(lamp.id, 'L1', 1)],
    });
    await leave(shopper.id, 30);
    expect(await remind()).toEqual({ first: 0, second: 0 });
    await leave(shopper.id, 61);
    expect(await remind()).toMatchObject({ first: 1 });
    expect(await remind()).toEqual({ first: 0, second: 0 });
    const [mail, ...more] = await remindersTo(shopper.email);
    expect(more).toHaveLength(0);
    expect(mail?.kind).toBe('cart.reminder.first');
    expect(mail?.body).toContain('Wireless Earbuds × 2: USD 37.98');
    expect(mail?.body).toContain('Desk Lamp × 1: USD 25.00');
    expect(mail?.body).toMatch(/http:\/\/shop\.test\/cart\?recover=\S+/);
    expect(mail?.body).toMatch(/http:\/\/shop\.test\/cart-reminders\?unsubscribe=\S+/);

    // Saving the same cart again is no new version; a change is, and it is reminded of again.
    await call('PUT', '/api/cart', shopper.token, {
      items: [line(earbuds.id, 'W1', 2), line(lamp.id, 'L1', 1)],
    });
    expect(await remind()).toEqual({ first: 0, second: 0 });
    await call('PUT', '/api/cart', shopper.token, { items: [line(earbuds.id, 'W1', 3)] });
    await leave(shopper.id, 61);
    expect(await remind()).toMatchObject({ first: 1 });
    expect(await remindersTo(shopper.email)).toHaveLength(2);
  });

  it('sends the second reminder after a day with the coupon staff chose', async () => {
    const [campaign] = await t.db
      .insert(campaigns)
      .values({
        name: 'Come back offer',
        type: 'percentage',
        value: '10',
        startsAt: new Date(Date.now() - 86_400_000),
        endsAt: new Date(Date.now() + 30 * 86_400_000),
        createdBy: 'test',
      })
      .returning({ id: campaigns.id });
    const [coupon] = await t.db
      .insert(coupons)
      .values({ campaignId: campaign?.id ?? '', code: 'COMEBACK10' })
      .returning({ id: coupons.id });
    const saved = await call('PUT', '/api/cart/recovery-settings', admin, { couponId: coupon?.id });
    expect(saved.statusCode).toBe(200);
    assertMatchesContract('updateCartRecoverySettings', saved);
    expect(saved.json().data).toMatchObject({ enabled: true, couponCode: 'COMEBACK10' });
    const [logged] = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'carts.recovery_settings.update'));
    expect(logged).toBeDefined();

    await leave(shopper.id, 25 * 60);
    expect(await remind()).toMatchObject({ second: 1 });
    expect(await remind()).toEqual({ first: 0, second: 0 });
    const second = (await remindersTo(shopper.email)).at(-1);
    expect(second?.kind).toBe('cart.reminder.second');
    expect(second?.body).toContain('COMEBACK10');
  });

  it('lets only staff with the settings permission read and change cart recovery', async () => {
    expect((await call('GET', '/api/cart/recovery-settings', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/cart/recovery-settings', shopper.token)).statusCode).toBe(403);
    const orders = await limitedStaffToken(t.app, t.db, ['orders']);
    expect((await call('PUT', '/api/cart/recovery-settings', orders, { enabled: false })).statusCode).toBe(
      403,
    );
    const read = await call('GET', '/api/cart/recovery-settings', admin);
    assertMatchesContract('getCartRecoverySettings', read);
    expect(read.json().data.coupons).toContainEqual(expect.objectContaining({ code: 'COMEBACK10' }));
    const unknown = await call('PUT', '/api/cart/recovery-settings', admin, {
      couponId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('sends nothing while staff have reminders off', async () => {
    await call('PUT', '/api/cart/recovery-settings', admin, { enabled: false });
    await call('PUT', '/api/cart', other.token, { items: [line(lamp.id, 'L1', 2)] });
    await leave(other.id, 61);
    expect(await remind()).toEqual({ first: 0, second: 0 });
    await call('PUT', '/api/cart/recovery-settings', admin, { enabled: true });
  });

  it('restores the cart from the link on any device, and counts the next order as recovered', async () => {
    const token = links.sign(shopper.id, 'recover');
    const forged = await call('POST', '/api/cart/recover', null, { token: `${token}x` });
    expect(forged.statusCode).toBe(404);
    const wrongKind = await call('POST', '/api/cart/recover', null, {
      token: links.sign(shopper.id, 'unsubscribe'),
    });
    expect(wrongKind.statusCode).toBe(404);
    const expired = await call('POST', '/api/cart/recover', null, {
      token: links.sign(shopper.id, 'recover', new Date(Date.now() - 31 * 86_400_000)),
    });
    expect(expired.statusCode).toBe(404);

    const restored = await call('POST', '/api/cart/recover', null, { token });
    expect(restored.statusCode).toBe(200);
    assertMatchesContract('recoverCart', restored);
    expect(restored.json().data.items).toMatchObject([{ product: earbuds.id, sku_id: 'W1', quantity: 3 }]);

    const placed = await call('POST', '/api/order', shopper.token, {
      items: [{ product: earbuds.id, sku_id: 'W1', quantity: 3 }],
      shippingAddress: ADDRESS,
      paymentMethod: 'Bank Transfer',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data._id as string;
    const [marked] = await t.db.select().from(recoveredOrders).where(eq(recoveredOrders.orderId, orderId));
    expect(marked?.customerId).toBe(shopper.id);

    // The link counts once: the next order is not recovered.
    const again = await call('POST', '/api/order', shopper.token, {
      items: [{ product: lamp.id, sku_id: 'L1', quantity: 1 }],
      shippingAddress: ADDRESS,
      paymentMethod: 'Bank Transfer',
    });
    expect(again.statusCode).toBe(201);
    const [notMarked] = await t.db
      .select()
      .from(recoveredOrders)
      .where(eq(recoveredOrders.orderId, again.json().data._id));
    expect(notMarked).toBeUndefined();

    const stats = await call('GET', '/api/stats/overview', admin);
    expect(stats.statusCode).toBe(200);
    assertMatchesContract('getStatsOverview', stats);
    expect(stats.json().data.recoveredOrders).toMatchObject({ count: 1 });
    expect(stats.json().data.recoveredOrders.revenue).toBeGreaterThan(0);
    const analytics = await call('GET', '/api/analytics/overview', admin);
    assertMatchesContract('getAnalytics', analytics);
    expect(analytics.json().data.recovered).toMatchObject({ count: 1 });
  });

  it('counts one link once when two orders are placed at the same moment', async () => {
    await t.db.update(carts).set({ restoredAt: new Date() }).where(eq(carts.customerId, shopper.id));
    const order = () =>
      call('POST', '/api/order', shopper.token, {
        items: [{ product: lamp.id, sku_id: 'L1', quantity: 1 }],
        shippingAddress: ADDRESS,
        paymentMethod: 'Bank Transfer',
      });
    const placed = await Promise.all([order(), order(), order()]);
    expect(placed.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    const marked = await t.db
      .select()
      .from(recoveredOrders)
      .where(
        inArray(
          recoveredOrders.orderId,
          placed.map((response) => response.json().data._id as string),
        ),
      );
    expect(marked).toHaveLength(1);
    const [cart] = await t.db.select().from(carts).where(eq(carts.customerId, shopper.id));
    expect(cart?.restoredAt).toBeNull();

    // The orders above wait on one another for the lamp's stock; marked side by side, still one counts.
    const ids = placed.map((response) => response.json().data._id as string);
    await t.db.delete(recoveredOrders).where(inArray(recoveredOrders.orderId, ids));
    await t.db.update(carts).set({ restoredAt: new Date() }).where(eq(carts.customerId, shopper.id));
    const counted = await Promise.all(
      ids.map((id) => markRecoveredOrder(t.db, { id, customerId: shopper.id, placedAt: new Date() })),
    );
    expect(counted.filter(Boolean)).toHaveLength(1);
    expect(
      await t.db.select().from(recoveredOrders).where(inArray(recoveredOrders.orderId, ids)),
    ).toHaveLength(1);
  });
  it('sends no reminder for a cart that was ordered since it changed', async () => {
    await leave(shopper.id, 25 * 60);
    // Orders were placed after the cart's last change (moved back in time above).
    await t.db.update(carts).set({ firstReminderVersion: null }).where(eq(carts.customerId, shopper.id));
    const before = (await remindersTo(shopper.email)).length;
    await remind();
    expect(await remindersTo(shopper.email)).toHaveLength(before);
  });

  it('unsubscribes from the link without a sign-in; no more reminders follow', async () => {
    const bad = await call('POST', '/api/cart/reminders/unsubscribe', null, { token: 'abc.def' });
    expect(bad.statusCode).toBe(404);
    const token = links.sign(other.id, 'unsubscribe');
    const done = await call('POST', '/api/cart/reminders/unsubscribe', null, { token });
    expect(done.statusCode).toBe(200);
    assertMatchesContract('unsubscribeCartReminders', done);
    expect(done.json()).toMatchObject({ message: 'You will no longer get cart reminders.' });
    expect((await call('POST', '/api/cart/reminders/unsubscribe', null, { token })).statusCode).toBe(200);
    const [account] = await t.db
      .select({ off: customers.cartRemindersOffAt })
      .from(customers)
      .where(eq(customers.id, other.id));
    expect(account?.off).toBeInstanceOf(Date);

    const before = (await remindersTo(other.email)).length;
    await call('PUT', '/api/cart', other.token, { items: [line(lamp.id, 'L1', 3)] });
    await leave(other.id, 61);
    expect(await remind()).toEqual({ first: 0, second: 0 });
    expect(await remindersTo(other.email)).toHaveLength(before);
  });

  it('leaves out lines whose product was withdrawn since it was kept', async () => {
    await call('PUT', '/api/cart', other.token, {
      items: [line(lamp.id, 'L1', 1), line(earbuds.id, 'W1', 1)],
    });
    await t.db.update(products).set({ status: 'disabled' }).where(eq(products.id, lamp.id));
    const read = await call('GET', '/api/cart', other.token);
    expect(read.json().data.items).toMatchObject([{ product: earbuds.id }]);
    const kept = await t.db.select().from(cartLines).where(eq(cartLines.customerId, other.id));
    expect(kept).toHaveLength(2);
    await t.db.update(products).set({ status: 'published' }).where(eq(products.id, lamp.id));
  });

  it('looks for due carts every few seconds when the delay is under a minute', async () => {
    const deps = { db: t.db, links, storeUrl: 'http://shop.test' };
    expect(cartRemindersJob({ ...deps, firstAfterMinutes: 60 }).wake).toBeUndefined();
    const quick = { ...deps, firstAfterMinutes: 0.1 };
    const { wake } = cartRemindersJob(quick);
    expect(wake?.everySeconds).toBe(5);
    // Whatever the earlier tests left is due at once with so short a delay: sent first.
    await sendCartReminders(quick);
    expect(await wake?.due()).toBe(false);
    const newcomer = await registerShopper(t.app);
    await call('PUT', '/api/cart', newcomer.token, { items: [line(lamp.id, 'L1', 1)] });
    expect(await wake?.due()).toBe(false);
    await leave(newcomer.id, 0.2);
    expect(await wake?.due()).toBe(true);
    expect(await sendCartReminders(quick)).toMatchObject({ first: 1 });
    expect(await wake?.due()).toBe(false);
    expect(await remindersTo(newcomer.email)).toHaveLength(1);
  });
});
