import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { $api, readKey } from '../../../lib/api';
import { productKeys } from './products.queries';

/** Every product read that a change can make stale: the lists, the stat cards and single products. */
function invalidateProducts(queryClient: QueryClient) {
  return Promise.all(
    [productKeys.lists, productKeys.stats, productKeys.details].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** An approval decision also changes the dashboard's Products Pending Approval. */
function invalidateApprovals(queryClient: QueryClient) {
  return Promise.all([
    invalidateProducts(queryClient),
    queryClient.invalidateQueries({ queryKey: readKey('/admin/pending-actions') }),
  ]);
}

/** POST /products/{id}/approve (approveProduct): a vendor's product waiting for approval goes on sale. */
export function useApproveProduct() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/products/{id}/approve', {
    onSuccess: () => invalidateApprovals(queryClient),
  });
}

/** POST /products/{id}/reject (rejectProduct): with the reason the vendor reads. */
export function useRejectProduct() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/products/{id}/reject', {
    onSuccess: () => invalidateApprovals(queryClient),
  });
}

/** DELETE /product/{id} (deleteProduct). */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return $api.useMutation('delete', '/product/{id}', {
    onSuccess: () => invalidateProducts(queryClient),
  });
}

/** POST /product/bulk (bulkProducts): publish, draft, disable or delete many products; answers how many changed. */
export function useBulkProducts() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/product/bulk', {
    onSuccess: () => invalidateProducts(queryClient),
  });
}
