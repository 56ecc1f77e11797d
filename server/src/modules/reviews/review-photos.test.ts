import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { multipartForm } from '../../test/multipart.ts';
import { pngDeclaring } from '../../test/pictures.ts';
import { bearer, demoAdminToken, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { NOT_AN_IMAGE, PHOTO_TOO_SMALL, TOO_LARGE } from '../media/index.ts';
import { insertTestOrder, insertTestProduct } from '../orders/orders.fixtures.ts';
import {
  PHOTO_NOT_FOUND,
  PHOTOS_NOT_RECEIVED,
  REVIEW_NOT_FOUND,
  TOO_MANY_PHOTOS,
} from './reviews.handlers.ts';

type Photo = { _id: string; url: string; width: number; height: number };
type ReviewBody = { _id: string; name: string; photos: Photo[]; hidden?: boolean };

describe('review photos', () => {
  let t: TestApp;
  let buyer: { id: string; token: string };
  let other: { id: string; token: string };
  let unverified: { id: string; token: string };
  let productId: string;
  let reviewId: string;
  let otherReviewId: string;
  let unverifiedReviewId: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    buyer = await registerShopper(t.app, { name: 'Photo Buyer' });
    other = await registerShopper(t.app, { name: 'Plain Reviewer' });
    unverified = await registerShopper(t.app, { name: 'Never Bought' });
    const product = await insertTestProduct(t.db, {
      skus: [{ skuId: 'p1', salePriceMinor: 2500, stock: 9 }],
    });
    productId = product.id;
    await insertTestOrder(t.db, { customerId: buyer.id, productId, deliveredAt: new Date() });
    await insertTestOrder(t.db, { customerId: other.id, productId, deliveredAt: new Date() });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: bearer(buyer.token),
      payload: { productId, rating: 5, comment: 'Looks as pictured.' },
    });
    reviewId = created.json().data._id;
    // A review with an owner but no delivered order behind it (written before the rule, or by staff import).
    const [planted] = await t.db
      .insert(reviews)
      .values({ productId, customerId: unverified.id, name: 'Never Bought', rating: 1, comment: 'Meh' })
      .returning();
    unverifiedReviewId = planted?.id ?? '';
  });
  afterAll(() => t.close());

  const upload = (id: string, token: string | null, file: { name: string; type: string; bytes: Buffer }) => {
    const { payload, headers } = multipartForm(file);
    return t.app.inject({
      method: 'POST',
      url: `/api/reviews/${id}/photos`,
      headers: { ...headers, ...(token ? bearer(token) : {}) },
      payload,
    });
  };
  const photo = (width = 800, height = 600) => ({
    name: 'photo.png',
    type: 'image/png',
    bytes: pngDeclaring(width, height),
  });
  const storedFile = (url: string) => join(t.config.dataDir, 'uploads', url.split('/').pop() ?? '');
  const publicReviews = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/reviews/product/${productId}` })).json()
      .data as ReviewBody[];

  it('stores a buyer photo like other uploads and answers the review with it', async () => {
    const response = await upload(reviewId, buyer.token, photo());
    expect(response.statusCode).toBe(201);
    assertMatchesContract('addReviewPhoto', response);
    const body = response.json().data as ReviewBody;
    expect(body.photos).toHaveLength(1);
    expect(body.photos[0]).toMatchObject({ width: 800, height: 600 });
    expect(body.photos[0]?.url).toMatch(/\/media\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(existsSync(storedFile(body.photos[0]?.url ?? ''))).toBe(true);
  });

  it('refuses a file that is not a picture, whatever it claims to be (415)', async () => {
    const response = await upload(reviewId, buyer.token, {
      name: 'photo.png',
      type: 'image/png',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, message: NOT_AN_IMAGE });
  });

  it('refuses pictures too small, too many pixels or too many bytes', async () => {
    const small = await upload(reviewId, buyer.token, photo(40, 40));
    expect(small.statusCode).toBe(422);
    expect(small.json()).toMatchObject({ success: false, message: PHOTO_TOO_SMALL });
    const huge = await upload(reviewId, buyer.token, photo(10_000, 10_000));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);
    const heavy = Buffer.concat([pngDeclaring(800, 600), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const tooLarge = await upload(reviewId, buyer.token, {
      name: 'big.png',
      type: 'image/png',
      bytes: heavy,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ success: false, message: TOO_LARGE });
  });

  it('keeps at most five photos on a review (422 for a sixth)', async () => {
    for (let i = 0; i < 4; i += 1)
      expect((await upload(reviewId, buyer.token, photo())).statusCode).toBe(201);
    const sixth = await upload(reviewId, buyer.token, photo());
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json()).toMatchObject({ success: false, code: 'UNPROCESSABLE', message: TOO_MANY_PHOTOS });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/reviews/mine',
      headers: bearer(buyer.token),
    });
    expect((mine.json().data as ReviewBody[])[0]?.photos).toHaveLength(5);
  });

  it('lets only the reviewing buyer add or remove photos', async () => {
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: bearer(other.token),
      payload: { productId, rating: 3, comment: 'Fine.' },
    });
    otherReviewId = review.json().data._id;
    expect((await upload(reviewId, null, photo())).statusCode).toBe(401);
    const admin = await demoAdminToken(t.app);
    expect((await upload(reviewId, admin, photo())).statusCode).toBe(403);
    const foreign = await upload(reviewId, other.token, photo());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(REVIEW_NOT_FOUND);
    const [first] = (await publicReviews()).find((entry) => entry._id === reviewId)?.photos ?? [];
    const removeForeign = await t.app.inject({
      method: 'DELETE',
      url: `/api/reviews/${reviewId}/photos/${first?._id}`,
      headers: bearer(other.token),
    });
    expect(removeForeign.statusCode).toBe(404);
    const notOnThatReview = await t.app.inject({
      method: 'DELETE',
      url: `/api/reviews/${otherReviewId}/photos/${first?._id}`,
      headers: bearer(other.token),
    });
    expect(notOnThatReview.statusCode).toBe(404);
    expect(notOnThatReview.json().message).toBe(PHOTO_NOT_FOUND);
  });

  it('takes photos only from shoppers who received the product (403)', async () => {
    const response = await upload(unverifiedReviewId, unverified.token, photo());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, message: PHOTOS_NOT_RECEIVED });
  });

  it('shows photo reviews first on the product page, with a rating breakdown', async () => {
    const list = await t.app.inject({ method: 'GET', url: `/api/reviews/product/${productId}` });
    assertMatchesContract('listProductReviews', list);
    // The buyer's review is the oldest, yet it leads: it carries photos.
    expect((list.json().data as ReviewBody[]).map((entry) => entry._id)).toEqual([
      reviewId,
      otherReviewId,
      unverifiedReviewId,
    ]);
    const summary = await t.app.inject({ method: 'GET', url: `/api/reviews/product/${productId}/summary` });
    expect(summary.statusCode).toBe(200);
    assertMatchesContract('getProductRatingSummary', summary);
    expect(summary.json().data).toEqual({
      average: 3,
      total: 3,
      withPhotos: 1,
      counts: [
        { rating: 5, count: 1 },
        { rating: 4, count: 0 },
        { rating: 3, count: 1 },
        { rating: 2, count: 0 },
        { rating: 1, count: 1 },
      ],
    });
  });

  it('hides the photos with the review when staff hide it, and shows them to staff', async () => {
    const admin = await demoAdminToken(t.app);
    const hidden = await t.app.inject({
      method: 'POST',
      url: `/api/reviews/${reviewId}/visibility`,
      headers: bearer(admin),
      payload: { hidden: true },
    });
    expect(hidden.statusCode).toBe(200);
    expect((hidden.json().data as ReviewBody).photos).toHaveLength(5);
    const shown = await publicReviews();
    expect(shown.map((entry) => entry._id)).not.toContain(reviewId);
    expect(shown.flatMap((entry) => entry.photos)).toEqual([]);
    const summary = await t.app.inject({ method: 'GET', url: `/api/reviews/product/${productId}/summary` });
    expect(summary.json().data).toMatchObject({ total: 2, withPhotos: 0 });
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/reviews/admin/product/${productId}`,
      headers: bearer(admin),
    });
    assertMatchesContract('listProductReviewsForStaff', staff);
    const moderated = (staff.json().data as ReviewBody[]).find((entry) => entry._id === reviewId);
    expect(moderated).toMatchObject({ hidden: true });
    expect(moderated?.photos).toHaveLength(5);
    await t.app.inject({
      method: 'POST',
      url: `/api/reviews/${reviewId}/visibility`,
      headers: bearer(admin),
      payload: { hidden: false },
    });
  });

  it('keeps the limit when uploads race', async () => {
    const answers = await Promise.all(
      Array.from({ length: 7 }, () => upload(otherReviewId, other.token, photo())),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 422, 422]);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/reviews/mine',
      headers: bearer(other.token),
    });
    expect((mine.json().data as ReviewBody[])[0]?.photos).toHaveLength(5);
  });

  it('removes a photo and its stored file', async () => {
    const [first] = (await publicReviews()).find((entry) => entry._id === reviewId)?.photos ?? [];
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/reviews/${reviewId}/photos/${first?._id}`,
      headers: bearer(buyer.token),
    });
    expect(response.statusCode).toBe(200);
    assertMatchesContract('removeReviewPhoto', response);
    expect((response.json().data as ReviewBody).photos.map((entry) => entry._id)).not.toContain(first?._id);
    expect(existsSync(storedFile(first?.url ?? ''))).toBe(false);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/reviews/${reviewId}/photos/${first?._id}`,
      headers: bearer(buyer.token),
    });
    expect(again.statusCode).toBe(404);
  });
});
