import { requireCustomer, requireStaff } from '../../auth/permissions.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { isUuid } from '../../lib/ids.ts';
import { staffActivity, withActivity } from '../activity/index.ts';
import {
  checkedPhoto,
  localMediaStore,
  type MediaStore,
  mediaUrl,
  readMediaSettings,
  storePhotoThen,
} from '../media/index.ts';
import {
  countPhotos,
  deletePhoto,
  deliveredOrderWith,
  findOwnReview,
  findReview,
  insertPhoto,
  insertReview,
  listCustomerReviews,
  listProductReviews,
  listReviewable,
  MAX_REVIEW_PHOTOS,
  photosOf,
  productExists,
  productVisibleToShoppers,
  type ReviewPhotoRow,
  type ReviewRow,
  type ReviewWithProduct,
  ratingSummary,
  reviewWithProduct,
  setHidden,
  updateOwnReview,
  vote,
} from './reviews.repository.ts';

/** Smaller pictures show nothing a shopper could judge the product by. */

export const PRODUCT_NOT_FOUND = 'Product not found.';
export const REVIEW_NOT_FOUND = 'Review not found.';
export const NOT_RECEIVED = 'You can review a product once it has been delivered to you.';
export const ALREADY_REVIEWED = 'You have already reviewed this product. Edit your review instead.';
export const OWN_REVIEW_VOTE = 'You cannot vote on your own review.';

export const TOO_MANY_PHOTOS = `A review can have at most ${MAX_REVIEW_PHOTOS} photos.`;
export const PHOTO_NOT_FOUND = 'Photo not found.';
export const PHOTOS_NOT_RECEIVED = 'You can add photos once the product has been delivered to you.';

type PhotoUrl = (row: ReviewPhotoRow) => string;

const toPhoto = (url: PhotoUrl) => (row: ReviewPhotoRow) => ({
  _id: row.id,
  url: url(row),
  width: row.width,
  height: row.height,
});

const toReview = (row: ReviewRow, photos: ReviewPhotoRow[], url: PhotoUrl) => ({
  _id: row.id,
  name: row.name,
  rating: row.rating,
  comment: row.comment,
  helpful: row.helpful,
  unhelpful: row.unhelpful,
  createdAt: row.createdAt.toISOString(),
  photos: photos.map(toPhoto(url)),
});

const toMyReview = (row: ReviewWithProduct, photos: ReviewPhotoRow[], url: PhotoUrl) => ({
  ...toReview(row, photos, url),
  product: { _id: row.product.id, name: row.product.name, image: row.product.image },
  hidden: row.hiddenAt !== null,
  updatedAt: row.updatedAt.toISOString(),
});

const toStaffReview = (row: ReviewRow, photos: ReviewPhotoRow[], url: PhotoUrl) => ({
  ...toReview(row, photos, url),
  hidden: row.hiddenAt !== null,
  customerId: row.customerId,
});

/** The comment as stored: trimmed, line breaks kept. */
const commentOf = (comment: string | undefined) => (comment ?? '').trim();

export function createReviewHandlers(deps: {
  db: Database;
  config: Pick<AppConfig, 'dataDir' | 'publicUrl'>;
  media?: MediaStore;
}) {
  const { db, config } = deps;
  const media = deps.media ?? localMediaStore(config.dataDir);

  /** Each review with its photos, whose addresses follow the store's media settings (CDN or not). */
  async function withPhotos<R extends ReviewRow, T>(
    rows: R[],
    shape: (row: R, photos: ReviewPhotoRow[], url: PhotoUrl) => T,
  ): Promise<T[]> {
    const [photos, links] = await Promise.all([
      photosOf(
        db,
        rows.map((row) => row.id),
      ),
      readMediaSettings(db),
    ]);
    const url: PhotoUrl = (photo) => mediaUrl(links, config.publicUrl, photo.storedName);
    return rows.map((row) => shape(row, photos.get(row.id) ?? [], url));
  }

  async function withPhotosOne<R extends ReviewRow, T>(
    row: R,
    shape: (row: R, photos: ReviewPhotoRow[], url: PhotoUrl) => T,
  ): Promise<T> {
    const [shaped] = await withPhotos([row], shape);
    if (shaped === undefined) throw new Error('no review to answer');
    return shaped;
  }

  const myReview = async (row: ReviewRow) => withPhotosOne(await reviewWithProduct(db, row), toMyReview);

  return {
    listProductReviews: operation('listProductReviews', async (request) => {
      const { id } = request.params;
      if (!isUuid(id) || !(await productVisibleToShoppers(db, id))) throw notFound(PRODUCT_NOT_FOUND);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { rows, total } = await listProductReviews(db, id, { page, limit });
      return { success: true, data: await withPhotos(rows, toReview), meta: { page, limit, total } };
    }),

    getProductRatingSummary: operation('getProductRatingSummary', async (request) => {
      const { id } = request.params;
      if (!isUuid(id) || !(await productVisibleToShoppers(db, id))) throw notFound(PRODUCT_NOT_FOUND);
      return { success: true, data: await ratingSummary(db, id) };
    }),

    listProductReviewsForStaff: operation('listProductReviewsForStaff', async (request) => {
      requireStaff(request);
      const { id } = request.params;
      if (!isUuid(id) || !(await productExists(db, id))) throw notFound(PRODUCT_NOT_FOUND);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { rows, total } = await listProductReviews(db, id, { page, limit }, { withHidden: true });
      return { success: true, data: await withPhotos(rows, toStaffReview), meta: { page, limit, total } };
    }),

    addReviewPhoto: operation('addReviewPhoto', async (request, reply) => {
      const customer = requireCustomer(request);
      const { id } = request.params;
      const review = isUuid(id) ? await findOwnReview(db, id, customer.id) : null;
      if (!review) throw notFound(REVIEW_NOT_FOUND);
      // Photos come from buyers who received the product, as reviews do (imported reviews have no owner).
      if (!(await deliveredOrderWith(db, customer.id, review.productId)))
        throw forbidden(PHOTOS_NOT_RECEIVED);
      const photo = await checkedPhoto(request.body);
      // Checked before storing so a full review costs no upload; checked again under the review's lock.
      if ((await countPhotos(db, review.id)) >= MAX_REVIEW_PHOTOS) throw unprocessable(TOO_MANY_PHOTOS);
      const recorded = await storePhotoThen(media, photo, (storedName) =>
        insertPhoto(db, {
          reviewId: review.id,
          customerId: customer.id,
          storedName,
          contentType: photo.contentType,
          sizeBytes: photo.bytes.length,
          width: photo.width,
          height: photo.height,
        }),
      );
      if (typeof recorded === 'string') {
        throw recorded === 'full' ? unprocessable(TOO_MANY_PHOTOS) : notFound(REVIEW_NOT_FOUND);
      }
      const updated = await findReview(db, review.id);
      if (!updated) throw notFound(REVIEW_NOT_FOUND);
      reply.code(201);
      return { success: true, message: 'Photo added.', data: await myReview(updated) };
    }),

    removeReviewPhoto: operation('removeReviewPhoto', async (request) => {
      const customer = requireCustomer(request);
      const { id, photoId } = request.params;
      const review = isUuid(id) ? await findOwnReview(db, id, customer.id) : null;
      if (!review) throw notFound(REVIEW_NOT_FOUND);
      const storedName = isUuid(photoId)
        ? await deletePhoto(db, { reviewId: review.id, photoId, customerId: customer.id })
        : null;
      if (storedName === null) throw notFound(PHOTO_NOT_FOUND);
      // The row is gone first: a file left behind by a failed removal is never shown.
      await media.remove(storedName).catch(() => undefined);
      const updated = await findReview(db, review.id);
      if (!updated) throw notFound(REVIEW_NOT_FOUND);
      return { success: true, message: 'Photo removed.', data: await myReview(updated) };
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
        data: await myReview(row),
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
        data: await myReview(row),
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
      return {
        success: true,
        message: 'Thank you for your feedback.',
        data: await withPhotosOne(row, toReview),
      };
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
      return { success: true, data: await withPhotos(rows, toMyReview), meta: { page, limit, total } };
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
        data: await withPhotosOne(row, toStaffReview),
      };
    }),
  };
}
