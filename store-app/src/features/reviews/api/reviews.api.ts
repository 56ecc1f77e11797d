import { errorMessage, unwrap } from '@shop/sdk/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { $api, api } from '../../../lib/api';
import { toast } from '../../../lib/toast';

export const myReviewsQueryOptions = (rating: number | undefined) =>
  $api.queryOptions('get', '/reviews/mine', { params: { query: { rating, limit: 50 } } });

export const reviewableQueryOptions = () => $api.queryOptions('get', '/reviews/reviewable');

export const ratingSummaryQueryOptions = (productId: string) =>
  $api.queryOptions('get', '/reviews/product/{id}/summary', { params: { path: { id: productId } } });

export type ReviewDraft = { rating: number; comment: string };

/** What the server takes as a review photo (it checks again, by the file's bytes). */
export const MAX_REVIEW_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The photos to add to and remove from the review when it is saved. */
export type PhotoChanges = { add: File[]; remove: string[] };

/** Everything a review changes: My Reviews, what is left to review, and the product page's list and breakdown. */
function useRefreshReviews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['/reviews/mine', '/reviews/reviewable', '/reviews/product/{id}', '/reviews/product/{id}/summary'].map(
        (path) => queryClient.invalidateQueries({ queryKey: ['get', path] }),
      ),
    );
}

/** The review was saved but a photo was refused: the review now exists, so the form is done with it. */
export class PhotosNotSaved extends Error {
  constructor(cause: unknown) {
    super('photos not saved', { cause });
  }
}

/** POST /reviews/{id}/photos: one picture as multipart `file`. */
function uploadPhoto(reviewId: string, file: File) {
  return unwrap(
    api.POST('/reviews/{id}/photos', {
      params: { path: { id: reviewId } },
      body: { file },
      bodySerializer: () => {
        const form = new FormData();
        form.append('file', file, file.name);
        return form;
      },
    }),
  );
}

/**
 * Writes a new review, or edits the shopper's own when `reviewId` is given; then removes and adds its photos,
 * one at a time, so a refused picture names itself in the server's message.
 */
export function useSaveReview(messages: { saved: string; failed: string }) {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: async ({
      productId,
      reviewId,
      draft,
      photos = { add: [], remove: [] },
    }: {
      productId: string;
      reviewId?: string;
      draft: ReviewDraft;
      photos?: PhotoChanges;
    }) => {
      const saved = reviewId
        ? await unwrap(api.PUT('/reviews/{id}', { params: { path: { id: reviewId } }, body: draft }))
        : await unwrap(api.POST('/reviews', { body: { productId, ...draft } }));
      const id = saved.data._id;
      try {
        for (const photoId of photos.remove)
          await unwrap(api.DELETE('/reviews/{id}/photos/{photoId}', { params: { path: { id, photoId } } }));
        for (const file of photos.add) await uploadPhoto(id, file);
      } catch (error) {
        throw new PhotosNotSaved(error);
      }
      return saved;
    },
    onSuccess: () => toast.success(messages.saved),
    onError: (error) =>
      toast.error(
        error instanceof PhotosNotSaved
          ? errorMessage(error.cause, messages.failed)
          : errorMessage(error, messages.failed),
      ),
    onSettled: refresh,
  });
}

/** One helpful or unhelpful vote; the product page's list shows the new counts. */
export function useVoteReview(failed: string) {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: ({ reviewId, helpful }: { reviewId: string; helpful: boolean }) =>
      unwrap(api.POST('/reviews/{id}/vote', { params: { path: { id: reviewId } }, body: { helpful } })),
    onError: (error) => toast.error(errorMessage(error, failed)),
    onSettled: refresh,
  });
}
