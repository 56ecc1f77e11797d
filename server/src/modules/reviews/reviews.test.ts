import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reviews } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';

describe('GET /api/reviews/product/{id}', () => {
  let t: TestApp;
  let reviewed: Awaited<ReturnType<typeof insertTestProduct>>;

  beforeAll(async () => {
    t = await createTestApp();
    reviewed = await insertTestProduct(t.db, { skus: [{ skuId: 'R', salePriceMinor: 1_00, stock: 1 }] });
    await t.db.insert(reviews).values([
      {
        productId: reviewed.id,
        name: 'Ayesha Rahman',
        rating: 5,
        comment: 'Noise cancelling works well on the bus.',
        helpful: 8,
        unhelpful: 0,
        createdAt: new Date('2026-10-01T08:00:00Z'),
      },
      {
        productId: reviewed.id,
        name: 'Mark T.',
        rating: 3,
        comment: 'Sleep tracking is hit and miss.',
        helpful: 2,
        unhelpful: 3,
        createdAt: new Date('2026-11-01T08:00:00Z'),
      },
      {
        productId: reviewed.id,
        name: 'Rafiq Chowdhury',
        rating: 4,
        comment: 'Runs one size large.',
        createdAt: new Date('2026-10-15T08:00:00Z'),
      },
    ]);
  });
  afterAll(() => t.close());

  const list = (id: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/reviews/product/${id}${query}` });

  it('lists the product’s reviews newest first to anyone, without a token', async () => {
    const response = await list(reviewed.id);
    expect(response.statusCode).toBe(200);
    assertMatchesContract('listProductReviews', response);
    const body = response.json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 3 });
    expect(body.data.map((review: { name: string }) => review.name)).toEqual([
      'Mark T.',
      'Rafiq Chowdhury',
      'Ayesha Rahman',
    ]);
    expect(body.data[0]).toEqual({
      _id: expect.any(String),
      name: 'Mark T.',
      rating: 3,
      comment: 'Sleep tracking is hit and miss.',
      helpful: 2,
      unhelpful: 3,
      createdAt: '2026-11-01T08:00:00.000Z',
      photos: [],
    });
  });

  it('pages through them', async () => {
    const response = await list(reviewed.id, '?page=2&limit=2');
    expect(response.json()).toMatchObject({
      data: [{ name: 'Ayesha Rahman' }],
      meta: { page: 2, limit: 2, total: 3 },
    });
  });

  it('answers an empty list for a product nobody reviewed yet', async () => {
    const quiet = await insertTestProduct(t.db, { skus: [{ skuId: 'Q', salePriceMinor: 1_00, stock: 0 }] });
    await t.db.update(products).set({ status: 'out_of_stock' }).where(eq(products.id, quiet.id));
    const response = await list(quiet.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: [], meta: { page: 1, limit: 20, total: 0 } });
  });

  it('answers 404 for a product that does not exist or is hidden from shoppers', async () => {
    const draft = await insertTestProduct(t.db, {
      status: 'draft',
      skus: [{ skuId: 'D', salePriceMinor: 1_00, stock: 1 }],
    });
    for (const id of [randomUUID(), 'not-a-product-id', draft.id]) {
      const response = await list(id);
      expect(response.statusCode, id).toBe(404);
      assertMatchesContract('listProductReviews', response);
    }
  });
});
