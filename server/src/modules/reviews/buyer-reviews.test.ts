import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, products } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken, limitedStaffToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestOrder, insertTestProduct } from '../orders/orders.fixtures.ts';
import { ALREADY_REVIEWED, NOT_RECEIVED, OWN_REVIEW_VOTE } from './reviews.handlers.ts';

describe('reviews written by buyers', () => {
  let t: TestApp;
  let buyer: { id: string; token: string };
  let other: { id: string; token: string };
  let productId: string;
  let undelivered: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    buyer = await registerShopper(t.app, { name: 'Rita Buyer' });
    other = await registerShopper(t.app, { name: 'Omar Other' });
    const product = await insertTestProduct(t.db, {
      skus: [{ skuId: 'r1', salePriceMinor: 1999, stock: 5 }],
    });
    const second = await insertTestProduct(t.db, { skus: [{ skuId: 'r2', salePriceMinor: 999, stock: 5 }] });
    productId = product.id;
    undelivered = second.id;
    await insertTestOrder(t.db, { customerId: buyer.id, productId, deliveredAt: new Date() });
    await insertTestOrder(t.db, { customerId: other.id, productId, deliveredAt: new Date() });
    await insertTestOrder(t.db, { customerId: buyer.id, productId: undelivered, deliveredAt: null });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  const productFigures = async () => {
    const [row] = await t.db
      .select({ rating: products.rating, reviewCount: products.reviewCount })
      .from(products)
      .where(eq(products.id, productId));
    return row;
  };

  it('lists what the buyer can review: delivered products only', async () => {
    const response = await call('GET', '/reviews/reviewable', buyer.token);
    expect(response.statusCode).toBe(200);
    assertMatchesContract('listReviewableProducts', response);
    expect(response.json().data.map((entry: { product: { _id: string } }) => entry.product._id)).toEqual([
      productId,
    ]);
  });

  it('refuses a review of a product not delivered to the shopper', async () => {
    const response = await call('POST', '/reviews', buyer.token, { productId: undelivered, rating: 5 });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(NOT_RECEIVED);
    const outsider = await registerShopper(t.app);
    const stranger = await call('POST', '/reviews', outsider.token, { productId, rating: 1 });
    expect(stranger.statusCode).toBe(403);
  });

  it('takes one review per product per shopper, and the product rating follows', async () => {
    const created = await call('POST', '/reviews', buyer.token, {
      productId,
      rating: 5,
      comment: '  Arrived quickly and works well.  ',
    });
    expect(created.statusCode).toBe(201);
    assertMatchesContract('createReview', created);
    expect(created.json().data).toMatchObject({
      name: 'Rita Buyer',
      rating: 5,
      comment: 'Arrived quickly and works well.',
      product: { _id: productId },
      hidden: false,
    });
    const again = await call('POST', '/reviews', buyer.token, { productId, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_REVIEWED);

    await call('POST', '/reviews', other.token, { productId, rating: 2, comment: 'Broke in a week.' });
    expect(await productFigures()).toEqual({ rating: 3.5, reviewCount: 2 });

    const reviewable = await call('GET', '/reviews/reviewable', buyer.token);
    expect(reviewable.json().data).toEqual([]);
  });

  it('lets the author edit their review, and nobody else', async () => {
    const mine = (await call('GET', '/reviews/mine', buyer.token)).json().data[0];
    const edited = await call('PUT', `/reviews/${mine._id}`, buyer.token, { rating: 4, comment: 'Good.' });
    expect(edited.statusCode).toBe(200);
    assertMatchesContract('updateReview', edited);
    expect(edited.json().data).toMatchObject({ rating: 4, comment: 'Good.' });
    expect(await productFigures()).toEqual({ rating: 3, reviewCount: 2 });

    const hijack = await call('PUT', `/reviews/${mine._id}`, other.token, { rating: 1 });
    expect(hijack.statusCode).toBe(404);
    const after = (await call('GET', '/reviews/mine', buyer.token)).json().data[0];
    expect(after.rating).toBe(4);
  });

  it('filters My Reviews by stars', async () => {
    const four = await call('GET', '/reviews/mine?rating=4', buyer.token);
    assertMatchesContract('listMyReviews', four);
    expect(four.json().meta.total).toBe(1);
    const five = await call('GET', '/reviews/mine?rating=5', buyer.token);
    expect(five.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('counts one vote per shopper, lets it change, and refuses votes on one’s own review', async () => {
    const review = (await call('GET', '/reviews/mine', buyer.token)).json().data[0];
    const first = await call('POST', `/reviews/${review._id}/vote`, other.token, { helpful: true });
    expect(first.statusCode).toBe(200);
    assertMatchesContract('voteReview', first);
    expect(first.json().data).toMatchObject({ helpful: 1, unhelpful: 0 });
    const repeated = await call('POST', `/reviews/${review._id}/vote`, other.token, { helpful: true });
    expect(repeated.json().data).toMatchObject({ helpful: 1, unhelpful: 0 });
    const changed = await call('POST', `/reviews/${review._id}/vote`, other.token, { helpful: false });
    expect(changed.json().data).toMatchObject({ helpful: 0, unhelpful: 1 });
    const own = await call('POST', `/reviews/${review._id}/vote`, buyer.token, { helpful: true });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(OWN_REVIEW_VOTE);
  });

  it('lets staff hide a review: it leaves the product page and the rating, and the activity log says who', async () => {
    const admin = await demoAdminToken(t.app);
    const staffList = await call('GET', `/reviews/admin/product/${productId}`, admin);
    assertMatchesContract('listProductReviewsForStaff', staffList);
    const harsh = staffList.json().data.find((review: { rating: number }) => review.rating === 2);

    const hidden = await call('POST', `/reviews/${harsh._id}/visibility`, admin, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    assertMatchesContract('setReviewVisibility', hidden);
    expect(hidden.json().data.hidden).toBe(true);

    const shown = (await call('GET', `/reviews/product/${productId}`, null)).json();
    expect(shown.data.map((review: { _id: string }) => review._id)).not.toContain(harsh._id);
    expect(shown.meta.total).toBe(1);
    expect(await productFigures()).toEqual({ rating: 4, reviewCount: 1 });
    const vote = await call('POST', `/reviews/${harsh._id}/vote`, buyer.token, { helpful: true });
    expect(vote.statusCode).toBe(404);

    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'review.hide'), eq(activityLog.target, `product:${productId}`)));
    expect(logged).toHaveLength(1);

    await call('POST', `/reviews/${harsh._id}/visibility`, admin, { hidden: false });
    expect(await productFigures()).toEqual({ rating: 3, reviewCount: 2 });
  });

  it('keeps hiding to staff with the products permission, and reviewing to shoppers', async () => {
    const review = (await call('GET', '/reviews/mine', buyer.token)).json().data[0];
    const viewer = await limitedStaffToken(t.app, t.db, ['dashboard']);
    const refused = await call('POST', `/reviews/${review._id}/visibility`, viewer, { hidden: true });
    expect(refused.statusCode).toBe(403);
    const byShopper = await call('POST', `/reviews/${review._id}/visibility`, buyer.token, { hidden: true });
    expect(byShopper.statusCode).toBe(403);
    const admin = await demoAdminToken(t.app);
    const byStaff = await call('POST', '/reviews', admin, { productId, rating: 5 });
    expect(byStaff.statusCode).toBe(403);
    const anonymous = await call('GET', '/reviews/mine', null);
    expect(anonymous.statusCode).toBe(401);
  });
});
