import { errorMessage, unwrap } from '@shop/sdk/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { $api, api } from '../../../lib/api';
import { toast } from '../../../lib/toast';

export const myReviewsQueryOptions = (rating: number | undefined) =>
  $api.queryOptions('get', '/reviews/mine', { params: { query: { rating, limit: 50 } } });

export const reviewableQueryOptions = () => $api.queryOptions('get', '/reviews/reviewable');

export type ReviewDraft = { rating: number; comment: string };

/** Everything a review changes: My Reviews, what is left to review, and the product page's list. */
function useRefreshReviews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['/reviews/mine', '/reviews/reviewable', '/reviews/product/{id}'].map((path) =>
        queryClient.invalidateQueries({ queryKey: ['get', path] }),
      ),
    );
}

/** Writes a new review, or edits the shopper's own when `reviewId` is given. */
export function useSaveReview(messages: { saved: string; failed: string }) {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: ({
      productId,
      reviewId,
      draft,
    }: {
      productId: string;
      reviewId?: string;
      draft: ReviewDraft;
    }) =>
      reviewId
        ? unwrap(api.PUT('/reviews/{id}', { params: { path: { id: reviewId } }, body: draft }))
        : unwrap(api.POST('/reviews', { body: { productId, ...draft } })),
    onSuccess: () => toast.success(messages.saved),
    onError: (error) => toast.error(errorMessage(error, messages.failed)),
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
