import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { toast } from '@shop/ui/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { $api, readKey } from '../../../lib/api';

const IMPORT_SAVED = 'Product info saved successfully.';
const IMPORT_FAILED = 'Failed to save product info.';

/**
 * POST /product/aliexpress/{id} (importMarketplaceProduct): saves the edited product; importing the same item
 * again updates it. Spec 1 §8: the toasts for success and failure.
 */
export function useImportMarketplaceProduct() {
  const queryClient = useQueryClient();
  const mutation = $api.useMutation('post', '/product/aliexpress/{id}', {
    onSuccess: () =>
      Promise.all(
        [readKey('/product/'), readKey('/product/stats'), readKey('/product/{id}')].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });

  async function save(productId: string, country: string, product: Schemas['AeProductResult']) {
    try {
      const saved = await mutation.mutateAsync({
        params: { path: { id: productId } },
        body: { country, status: 'published', product },
      });
      toast.success(IMPORT_SAVED);
      return saved.data;
    } catch (error) {
      toast.error(errorMessage(error, IMPORT_FAILED));
      return null;
    }
  }

  return {
    save,
    isPending: mutation.isPending,
    failed: mutation.isError,
    saved: mutation.data?.data ?? null,
  };
}
