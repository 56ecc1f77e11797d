import { requireCustomer, requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { isUuid } from '../../lib/ids.ts';
import { staffActivity, withActivity } from '../activity/index.ts';
import {
  deliveredOrderWith,
  findReview,
  insertReview,
  listCustomerReviews,
  listProductReviews,
  listReviewable,
  productExists,
  productVisibleToShoppers,
  type ReviewRow,
  type ReviewWithProduct,
  reviewWithProduct,
  setHidden,
  updateOwnReview,
  vote,
} from './reviews.repository.ts';

export const PRODUCT_NOT_FOUND = 'Product not found.';
export const REVIEW_NOT_FOUND = 'Review not found.';
export const NOT_RECEIVED = 'You can review a product once it has been delivered to you.';
export const ALREADY_REVIEWED = 'You have already reviewed this product. Edit your review instead.';
export const OWN_REVIEW_VOTE = 'You cannot vote on your own review.';

const toReview = (row: ReviewRow) => ({
  _id: row.id,
  name: row.name,
  rating: row.rating,
  comment: row.comment,
  helpful: row.helpful,
  unhelpful: row.unhelpful,
  createdAt: row.createdAt.toISOString(),
});

const toMyReview = (row: ReviewWithProduct) => ({
  ...toReview(row),
  product: { _id: row.product.id, name: row.product.name, image: row.product.image },
  hidden: row.hiddenAt !== null,
  updatedAt: row.updatedAt.toISOString(),
});

const toStaffReview = (row: ReviewRow) => ({
  ...toReview(row),
  hidden: row.hiddenAt !== null,
  customerId: row.customerId,
});

/** The comment as stored: trimmed, line breaks kept. */
const commentOf = (comment: string | undefined) => (comment ?? '').trim();

export function createReviewHandlers(deps: { db: Database }) {
  const { db } = deps;

  return {
    listProductReviews: operation('listProductReviews', async (request) => {
      const { id } = request.params;
      if (!isUuid(id) || !(await productVisibleToShoppers(db, id))) throw notFound(PRODUCT_NOT_FOUND);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { rows, total } = await listProductReviews(db, id, { page, limit });
      return { success: true, data: rows.map(toReview), meta: { page, limit, total } };
    }),

    listProductReviewsForStaff: operation('listProductReviewsForStaff', async (request) => {
      requireStaff(request);
      const { id } = request.params;
      if (!isUuid(id) || !(await productExists(db, id))) throw notFound(PRODUCT_NOT_FOUND);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { rows, total } = await listProductReviews(db, id, { page, limit }, { withHidden: true });
      return { success: true, data: rows.map(toStaffReview), meta: { page, limit, total } };
    }),

    createReview: operation('createReview', async (request, reply) => {
      const customer = requireCustomer(request);
      const { productId, rating } = request.body;
      if (!isUuid(productId) || !(await productExists(db, productId))) throw notFound(PRODUCT_NOT_FOUND);
      if (!(await deliveredOrderWith(db, customer.id, productId))) throw forbidden(NOT_RECEIVED);
      const row = await insertReview(db, {
        productId,
        customerId: customer.id,
        rating,
        comment: commentOf(request.body.comment),
      });
      if (!row) throw conflict(ALREADY_REVIEWED);
      reply.code(201);
      return {
        success: true,
        message: 'Thank you for your review!',
        data: toMyReview(await reviewWithProduct(db, row)),
      };
    }),

    updateReview: operation('updateReview', async (request) => {
      const customer = requireCustomer(request);
      const { id } = request.params;
      const row = isUuid(id)
        ? await updateOwnReview(db, {
            id,
            customerId: customer.id,
            rating: request.body.rating,
            comment: commentOf(request.body.comment),
          })
        : null;
      if (!row) throw notFound(REVIEW_NOT_FOUND);
      return {
        success: true,
        message: 'Review updated.',
        data: toMyReview(await reviewWithProduct(db, row)),
      };
    }),

    voteReview: operation('voteReview', async (request) => {
      const customer = requireCustomer(request);
      const { id } = request.params;
      const review = isUuid(id) ? await findReview(db, id) : null;
      if (!review || review.hiddenAt !== null) throw notFound(REVIEW_NOT_FOUND);
      if (review.customerId === customer.id) throw badRequest(OWN_REVIEW_VOTE);
      const row = await vote(db, { reviewId: id, customerId: customer.id, helpful: request.body.helpful });
      if (!row) throw notFound(REVIEW_NOT_FOUND);
      return { success: true, message: 'Thank you for your feedback.', data: toReview(row) };
    }),

    listMyReviews: operation('listMyReviews', async (request) => {
      const customer = requireCustomer(request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { rows, total } = await listCustomerReviews(db, customer.id, {
        rating: request.query.rating,
        page,
        limit,
      });
      return { success: true, data: rows.map(toMyReview), meta: { page, limit, total } };
    }),

    listReviewableProducts: operation('listReviewableProducts', async (request) => {
      const customer = requireCustomer(request);
      const rows = await listReviewable(db, customer.id);
      return {
        success: true,
        data: rows.map((row) => ({
          product: { _id: row.product.id, name: row.product.name, image: row.product.image },
          orderId: row.orderId,
          orderNumber: row.orderNumber,
          deliveredAt: row.deliveredAt?.toISOString() ?? null,
        })),
      };
    }),

    setReviewVisibility: operation('setReviewVisibility', async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      if (!isUuid(id)) throw notFound(REVIEW_NOT_FOUND);
      const { row } = await withActivity(
        db,
        async (tx) => {
          const before = await findReview(tx, id);
          const row = before ? await setHidden(tx, id, request.body.hidden) : null;
          if (!before || !row) throw notFound(REVIEW_NOT_FOUND);
          return { before, row };
        },
        (changed) =>
          staffActivity(request, staff, {
            action: request.body.hidden ? 'review.hide' : 'review.show',
            target: `product:${changed.row.productId}`,
            details: {
              review: changed.row.id,
              reviewer: changed.row.name,
              before: { hidden: changed.before.hiddenAt !== null },
              after: { hidden: changed.row.hiddenAt !== null },
            },
          }),
      );
      return {
        success: true,
        message: request.body.hidden ? 'Review hidden.' : 'Review shown.',
        data: toStaffReview(row),
      };
    }),
  };
}
