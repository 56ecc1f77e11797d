import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  orderItems,
  orders,
  outbox,
  parcelClaims,
  parcelItems,
  refunds,
  supplierParcels,
} from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { multipartForm } from '../../test/multipart.ts';
import { pngDeclaring } from '../../test/pictures.ts';
import { bearer, limitedStaffToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type AliExpressStandIn, startAliExpressStandIn } from '../marketplace/aliexpress-stand-in.ts';
import { createFixtureMarketplace, fixtureSupplierOrderId } from '../marketplace/fixture-marketplace.ts';
import { createMarketplace } from '../marketplace/index.ts';
import { answerDispute } from '../marketplace/supplier-disputes.ts';
import { PHOTO_TOO_SMALL } from '../media/index.ts';
import { insertTestOrder } from '../refunds/refunds.fixtures.ts';
import { followClaimDisputesJob } from './claims.disputes.ts';
import { TOO_MANY_PHOTOS } from './claims.handlers.ts';
import {
  ALREADY_CLAIMED,
  ALREADY_DELIVERED,
  ALREADY_RESOLVED,
  NOT_DELIVERED_YET,
  NOT_SENT_YET,
} from './claims.repository.ts';
import { NOTE_NEEDED } from './claims.settle.ts';

const DAY = 24 * 60 * 60 * 1000;
const EARBUDS = '1005006218437795';
const credentials = { appKey: '512345', appSecret: 'a1b2c3-secret', accessToken: '50000801a2b3c4-token' };

interface ClaimBody {
  _id: string;
  status: string;
  kind: string;
  parcelNumber: number;
  reshipParcelId: string | null;
  photos: Array<{ url: string }>;
}

describe('claims on supplier parcels', () => {
  let standIn: AliExpressStandIn;
  let t: TestApp;
  let shopper: { id: string; token: string };
  let stranger: { id: string; token: string };
  let staff: string;
  let sku: { skuId: string; skuAttr: string };

  beforeAll(async () => {
    standIn = await startAliExpressStandIn(credentials);
    t = await createTestApp({
      seed: true,
      config: {
        marketplace: { provider: 'aliexpress', aliexpress: { ...credentials, apiUrl: standIn.url } },
      },
    });
    shopper = await registerShopper(t.app);
    stranger = await registerShopper(t.app);
    staff = await limitedStaffToken(t.app, t.db, ['orders'], 'Manager');
    const catalogue = createFixtureMarketplace({ publicUrl: 'http://localhost:3000' });
    const product = await catalogue.getProduct(EARBUDS, { country: 'BD', currency: 'USD' });
    const first = product?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.find(
      (s) => s.sku_available_stock > 5,
    );
    if (!first) throw new Error('no fixture SKU in stock');
    sku = { skuId: first.sku_id, skuAttr: first.sku_attr };
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  /**
   * A paid order of two lines shipped as two parcels (earbuds by one supplier, a case by another), the first one
   * placed with the supplier; `first` sets its state.
   */
  async function orderWithParcels(
    first: Partial<typeof supplierParcels.$inferInsert>,
    customerId = shopper.id,
  ) {
    const order = await insertTestOrder(t.db, {
      customerId,
      totalMinor: 40_00,
      lines: [
        { productId: null, name: 'TWS Wireless Earbuds', quantity: 2, unitPriceMinor: 15_00 },
        { productId: null, name: 'Phone Case', quantity: 1, unitPriceMinor: 10_00 },
      ],
    });
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const earbuds = lines.find((line) => line.name === 'TWS Wireless Earbuds');
    const phoneCase = lines.find((line) => line.name === 'Phone Case');
    if (!earbuds || !phoneCase) throw new Error('order lines missing');
    const [parcel] = await t.db
      .insert(supplierParcels)
      .values({
        orderId: order.id,
        number: 1,
        supplierId: '912345001',
        supplierName: 'Shenzhen Audio Store',
        status: 'Shipped',
        aeOrderId: fixtureSupplierOrderId(`${order.orderNumber}-1`),
        placedAt: new Date(Date.now() - 30 * DAY),
        ...first,
      })
      .returning();
    const [other] = await t.db
      .insert(supplierParcels)
      .values({ orderId: order.id, number: 2, supplierId: '912345002', supplierName: 'Case Factory' })
      .returning();
    if (!parcel || !other) throw new Error('parcel insert returned no row');
    await t.db.insert(parcelItems).values([
      {
        parcelId: parcel.id,
        orderItemId: earbuds.id,
        quantity: 2,
        aeProductId: EARBUDS,
        aeSkuId: sku.skuId,
        aeSkuAttr: sku.skuAttr,
      },
      {
        parcelId: other.id,
        orderItemId: phoneCase.id,
        quantity: 1,
        aeProductId: '1005006084529133',
        aeSkuId: '1',
      },
    ]);
    return { order, parcel, other };
  }

  const claim = (orderId: string, parcelId: string, token: string | null, body: object) =>
    call('POST', `/order/${orderId}/parcels/${parcelId}/claims`, token, body);
  const lost = { kind: 'never_arrived', description: 'Nothing came, the tracking stopped a month ago.' };
  const broken = { kind: 'damaged', description: 'The charging case came crushed.' };

  it('takes "never arrived" once the promised window has passed, and opens the supplier dispute', async () => {
    const { order, parcel } = await orderWithParcels({ promisedBy: new Date(Date.now() - DAY) });
    const created = await claim(order.id, parcel.id, shopper.token, lost);
    expect(created.statusCode, created.body).toBe(201);
    assertMatchesContract('createParcelClaim', created);
    expect(created.json().data).toMatchObject({ kind: 'never_arrived', status: 'open', parcelNumber: 1 });

    const [stored] = await t.db
      .select()
      .from(parcelClaims)
      .where(eq(parcelClaims.id, created.json().data._id));
    expect(stored?.disputeId).toMatch(/^\d+$/);
    expect(stored?.disputeStatus).toBe('open');
    const kept = standIn.disputes.disputes.get(stored?.disputeId ?? '');
    expect(kept?.request).toMatchObject({ orderId: parcel.aeOrderId, reason: 'never_arrived' });

    const again = await claim(order.id, parcel.id, shopper.token, lost);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_CLAIMED);

    const listed = await call('GET', `/order/${order.id}/claims`, shopper.token);
    assertMatchesContract('listOrderClaims', listed);
    expect(listed.json().data).toHaveLength(1);
  });

  it('refuses "never arrived" before the window ends, on a delivered parcel, and on one never sent', async () => {
    const promised = await orderWithParcels({ promisedBy: new Date(Date.now() + 5 * DAY) });
    const early = await claim(promised.order.id, promised.parcel.id, shopper.token, lost);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(
      /^You can report a parcel that never arrived from \d{4}-\d{2}-\d{2}/,
    );

    // Without a promise, 60 days from the supplier order's placing.
    const recent = await orderWithParcels({ promisedBy: null, placedAt: new Date(Date.now() - 59 * DAY) });
    expect((await claim(recent.order.id, recent.parcel.id, shopper.token, lost)).statusCode).toBe(422);
    const old = await orderWithParcels({ promisedBy: null, placedAt: new Date(Date.now() - 61 * DAY) });
    expect((await claim(old.order.id, old.parcel.id, shopper.token, lost)).statusCode).toBe(201);

    const delivered = await orderWithParcels({ status: 'Delivered', deliveredAt: new Date() });
    const arrived = await claim(delivered.order.id, delivered.parcel.id, shopper.token, lost);
    expect(arrived.statusCode).toBe(422);
    expect(arrived.json().message).toBe(ALREADY_DELIVERED);

    const unsent = await orderWithParcels({});
    const pending = await claim(unsent.order.id, unsent.other.id, shopper.token, lost);
    expect(pending.statusCode).toBe(422);
    expect(pending.json().message).toBe(NOT_SENT_YET);
  });

  it('takes "damaged" only once delivered, with up to five photos checked like review photos', async () => {
    const onTheWay = await orderWithParcels({ promisedBy: new Date(Date.now() - DAY) });
    const notYet = await claim(onTheWay.order.id, onTheWay.parcel.id, shopper.token, broken);
    expect(notYet.statusCode).toBe(422);
    expect(notYet.json().message).toBe(NOT_DELIVERED_YET);

    const { order, parcel } = await orderWithParcels({ status: 'Delivered', deliveredAt: new Date() });
    const created = await claim(order.id, parcel.id, shopper.token, broken);
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id as string;
    // Its dispute waits for the photos.
    const [waiting] = await t.db.select().from(parcelClaims).where(eq(parcelClaims.id, id));
    expect(waiting?.disputeId).toBeNull();

    const upload = (token: string | null, bytes: Buffer) => {
      const { payload, headers } = multipartForm({ name: 'photo.png', type: 'image/png', bytes });
      return t.app.inject({
        method: 'POST',
        url: `/api/parcel-claims/${id}/photos`,
        headers: { ...headers, ...(token ? bearer(token) : {}) },
        payload,
      });
    };
    const added = await upload(shopper.token, pngDeclaring(800, 600));
    expect(added.statusCode, added.body).toBe(201);
    assertMatchesContract('addClaimPhoto', added);
    expect((added.json().data as ClaimBody).photos[0]?.url).toMatch(/\/media\/uploads\/[0-9a-f-]{36}\.png$/);

    const small = await upload(shopper.token, pngDeclaring(40, 40));
    expect(small.statusCode).toBe(422);
    expect(small.json().message).toBe(PHOTO_TOO_SMALL);
    const notPicture = await upload(shopper.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(notPicture.statusCode).toBe(415);
    expect((await upload(stranger.token, pngDeclaring(800, 600))).statusCode).toBe(404);
    expect((await upload(null, pngDeclaring(800, 600))).statusCode).toBe(401);
    for (let i = 0; i < 4; i += 1)
      expect((await upload(shopper.token, pngDeclaring(800, 600))).statusCode).toBe(201);
    const sixth = await upload(shopper.token, pngDeclaring(800, 600));
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().message).toBe(TOO_MANY_PHOTOS);

    // The hourly job opens it with its photos once the shopper has had time to add them.
    const job = followClaimDisputesJob({
      db: t.db,
      marketplace: createFixtureMarketplace({ publicUrl: 'http://localhost:3000' }),
      publicUrl: t.config.publicUrl,
      now: () => new Date(Date.now() + 20 * 60 * 1000),
    });
    await job.run({});
    const [opened] = await t.db.select().from(parcelClaims).where(eq(parcelClaims.id, id));
    expect(opened?.disputeId).toMatch(/^6\d{13}$/);
  });

  it('answers 404 for another shopper’s order or parcel, 401 without a token, 403 to staff without orders', async () => {
    const { order, parcel } = await orderWithParcels({ promisedBy: new Date(Date.now() - DAY) });
    expect((await claim(order.id, parcel.id, stranger.token, lost)).statusCode).toBe(404);
    expect((await call('GET', `/order/${order.id}/claims`, stranger.token)).statusCode).toBe(404);
    expect((await claim(order.id, parcel.id, null, lost)).statusCode).toBe(401);
    const elsewhere = await orderWithParcels({ promisedBy: new Date(Date.now() - DAY) }, stranger.id);
    expect((await claim(order.id, elsewhere.parcel.id, shopper.token, lost)).statusCode).toBe(404);

    const catalogueOnly = await limitedStaffToken(t.app, t.db, ['products']);
    expect((await call('GET', '/parcel-claims', catalogueOnly)).statusCode).toBe(403);
    expect((await call('GET', '/parcel-claims/report', catalogueOnly)).statusCode).toBe(403);
    expect((await call('GET', '/parcel-claims', null)).statusCode).toBe(401);
    expect((await call('GET', '/parcel-claims', shopper.token)).statusCode).toBe(403);
  });

  it('refunds the parcel’s share of the order at most, and never more than is still refundable', async () => {
    const { order, parcel } = await orderWithParcels({ promisedBy: new Date(Date.now() - DAY) });
    const id = (await claim(order.id, parcel.id, shopper.token, lost)).json().data._id as string;

    const detail = await call('GET', `/parcel-claims/${id}`, staff);
    expect(detail.statusCode).toBe(200);
    assertMatchesContract('getParcelClaim', detail);
    // Earbuds 30.00 of 40.00 in items, with nothing else on the order: 30.00.
    expect(detail.json().data).toMatchObject({
      share: 30,
      refundable: 30,
      lines: [{ quantity: 2, value: 30 }],
    });

    const tooMuch = await call('POST', `/parcel-claims/${id}/resolution`, staff, {
      action: 'refund',
      amount: 30.01,
    });
    expect(tooMuch.statusCode).toBe(422);

    // Another refund of the order leaves 15.00: the share is more than what is left.
    await t.db.insert(refunds).values({
      orderId: order.id,
      amountMinor: 25_00,
      currency: 'USD',
      reason: 'Goodwill',
      createdBy: 'Karim',
    });
    const beyondLeft = await call('POST', `/parcel-claims/${id}/resolution`, staff, { action: 'refund' });
    expect(beyondLeft.statusCode).toBe(409);

    const refunded = await call('POST', `/parcel-claims/${id}/resolution`, staff, {
      action: 'refund',
      amount: 15,
      note: 'Sorry for the wait.',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    assertMatchesContract('resolveParcelClaim', refunded);
    expect(refunded.json().data).toMatchObject({
      status: 'refunded',
      refundAmount: 15,
      staffNote: 'Sorry for the wait.',
    });
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.action, 'claim.refund'), eq(activityLog.target, `order:${order.orderNumber}`)),
      );
    expect(entry?.details).toMatchObject({ claim: id, amount: 15 });
    const mails = await t.db.select().from(outbox).where(eq(outbox.kind, 'parcel_claim'));
    expect(mails.some((mail) => mail.body.includes('15.00 USD'))).toBe(true);
    // The link opens the order's page on the storefront.
    expect(mails.some((mail) => mail.body.includes(`/order/${order.id}\n`))).toBe(true);

    const twice = await call('POST', `/parcel-claims/${id}/resolution`, staff, { action: 'reship' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ALREADY_RESOLVED);
  });

  it('reships: a new parcel of the same items, placed with the supplier', async () => {
    const { order, parcel } = await orderWithParcels({ promisedBy: new Date(Date.now() - DAY) });
    const id = (await claim(order.id, parcel.id, shopper.token, lost)).json().data._id as string;
    const ordersBefore = standIn.calls.filter((c) => c.method === 'aliexpress.ds.order.create').length;

    const reshipped = await call('POST', `/parcel-claims/${id}/resolution`, staff, { action: 'reship' });
    expect(reshipped.statusCode, reshipped.body).toBe(200);
    expect(reshipped.json().message).toBe('Reshipment created and placed with the supplier.');
    const data = reshipped.json().data as ClaimBody;
    expect(data.status).toBe('reshipped');

    const [created] = await t.db
      .select()
      .from(supplierParcels)
      .where(eq(supplierParcels.id, data.reshipParcelId ?? ''));
    expect(created).toMatchObject({ orderId: order.id, number: 3, reshipOf: parcel.id, status: 'Forwarded' });
    expect(created?.aeOrderId).not.toBe(parcel.aeOrderId);
    const items = await t.db
      .select()
      .from(parcelItems)
      .where(eq(parcelItems.parcelId, created?.id ?? ''));
    expect(items).toMatchObject([{ quantity: 2, aeProductId: EARBUDS, aeSkuId: sku.skuId }]);
    expect(standIn.calls.filter((c) => c.method === 'aliexpress.ds.order.create')).toHaveLength(
      ordersBefore + 1,
    );

    const listed = await call('GET', `/order/${order.id}/claims`, shopper.token);
    expect(listed.json().data[0]).toMatchObject({ status: 'reshipped', reshipParcelId: created?.id });
    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'claim.reship'));
    expect(entry?.target).toBe(`order:${order.orderNumber}`);
  });

  it('rejects only with a note for the shopper', async () => {
    const { order, parcel } = await orderWithParcels({ promisedBy: new Date(Date.now() - DAY) });
    const id = (await claim(order.id, parcel.id, shopper.token, lost)).json().data._id as string;
    const bare = await call('POST', `/parcel-claims/${id}/resolution`, staff, { action: 'reject' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(NOTE_NEEDED);
    const rejected = await call('POST', `/parcel-claims/${id}/resolution`, staff, {
      action: 'reject',
      note: 'The carrier shows it signed for at your door.',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected' });
    const listed = await call('GET', '/parcel-claims?status=rejected&kind=never_arrived', staff);
    assertMatchesContract('listParcelClaims', listed);
    expect(listed.json().data.map((row: ClaimBody) => row._id)).toContain(id);
  });

  it('records the supplier’s answer from the Refresh and the hourly job', async () => {
    const { order, parcel } = await orderWithParcels({ promisedBy: new Date(Date.now() - DAY) });
    const id = (await claim(order.id, parcel.id, shopper.token, lost)).json().data._id as string;
    const [stored] = await t.db.select().from(parcelClaims).where(eq(parcelClaims.id, id));
    answerDispute(standIn.disputes, stored?.disputeId ?? '', {
      status: 'accepted',
      answer: 'Sorry, we refund the order.',
    });
    const refreshed = await call('POST', `/parcel-claims/${id}/dispute/refresh`, staff);
    expect(refreshed.statusCode).toBe(200);
    assertMatchesContract('refreshParcelClaimDispute', refreshed);
    expect(refreshed.json().data.dispute).toMatchObject({
      status: 'accepted',
      supplierAnswer: 'Sorry, we refund the order.',
      error: null,
    });
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'claim.dispute.refresh'));
    expect(entry?.details).toMatchObject({ claim: id, status: 'accepted' });

    answerDispute(standIn.disputes, stored?.disputeId ?? '', {
      status: 'refused',
      answer: 'It was delivered.',
    });
    const job = followClaimDisputesJob({
      db: t.db,
      marketplace: createMarketplace({
        provider: 'aliexpress',
        publicUrl: t.config.publicUrl,
        aliexpress: { ...credentials, apiUrl: standIn.url },
      }),
      publicUrl: t.config.publicUrl,
    });
    // The job follows the disputes last seen open at the supplier.
    await t.db.update(parcelClaims).set({ disputeStatus: 'open' }).where(eq(parcelClaims.id, id));
    await job.run({});
    const [followed] = await t.db.select().from(parcelClaims).where(eq(parcelClaims.id, id));
    expect(followed).toMatchObject({ disputeStatus: 'refused', supplierAnswer: 'It was delivered.' });
  });

  it('keeps the claim when the marketplace refuses the dispute, and opens it on a later try', async () => {
    const { order, parcel } = await orderWithParcels({
      promisedBy: new Date(Date.now() - DAY),
      aeOrderId: '12345',
    });
    const created = await claim(order.id, parcel.id, shopper.token, lost);
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id as string;
    const [refused] = await t.db.select().from(parcelClaims).where(eq(parcelClaims.id, id));
    expect(refused).toMatchObject({ status: 'open', disputeId: null, disputeAttempts: 1 });
    expect(refused?.disputeError).toMatch(/refused the dispute/);

    await t.db
      .update(supplierParcels)
      .set({ aeOrderId: fixtureSupplierOrderId(`${order.orderNumber}-1`) })
      .where(eq(supplierParcels.id, parcel.id));
    const retried = await call('POST', `/parcel-claims/${id}/dispute/refresh`, staff);
    expect(retried.json().data.dispute).toMatchObject({ status: 'open', error: null, attempts: 2 });
  });

  it('reports claims by supplier and by product, refunds in the store’s currency', async () => {
    const bySupplier = await call('GET', '/parcel-claims/report', staff);
    expect(bySupplier.statusCode).toBe(200);
    assertMatchesContract('parcelClaimReport', bySupplier);
    const audio = bySupplier.json().data.rows.find((row: { key: string }) => row.key === '912345001');
    const claims = await t.db.select().from(parcelClaims);
    expect(audio).toMatchObject({ label: 'Shenzhen Audio Store', claims: claims.length, refunded: 15 });
    expect(audio.reshipments).toBe(claims.filter((c) => c.status === 'reshipped').length);

    const byProduct = await call('GET', '/parcel-claims/report?by=product', staff);
    const earbuds = byProduct
      .json()
      .data.rows.find((row: { label: string }) => row.label === 'TWS Wireless Earbuds');
    expect(earbuds).toMatchObject({ claims: claims.length, refunded: 15 });
  });

  it('converts refunds of orders in another currency with the order’s own rate', async () => {
    const { order, parcel } = await orderWithParcels({ promisedBy: new Date(Date.now() - DAY) });
    await t.db.update(orders).set({ currency: 'BDT', rate: '120' }).where(eq(orders.id, order.id));
    const id = (await claim(order.id, parcel.id, shopper.token, lost)).json().data._id as string;
    const before = (await call('GET', '/parcel-claims/report', staff))
      .json()
      .data.rows.find((row: { key: string }) => row.key === '912345001');
    // 24.00 BDT at 120 per USD is 0.20 USD.
    const refunded = await call('POST', `/parcel-claims/${id}/resolution`, staff, {
      action: 'refund',
      amount: 24,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = (await call('GET', '/parcel-claims/report', staff))
      .json()
      .data.rows.find((row: { key: string }) => row.key === '912345001');
    expect(after.refunded).toBeCloseTo(before.refunded + 0.2, 2);
  });
});
