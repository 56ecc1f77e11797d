import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';

/** Every product read that a change can make stale: the lists, the stat cards and single products. */
function invalidateProducts(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['get', '/product/'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/product/stats'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/product/{id}'] }),
  ]);
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
