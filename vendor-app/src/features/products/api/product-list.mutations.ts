import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { invalidateProducts } from './product-editor.mutations';

/** DELETE /vendor/products/{id} (deleteVendorProduct): the list and any open product read go stale. */
export function useDeleteVendorProduct() {
  const queryClient = useQueryClient();
  return $api.useMutation('delete', '/vendor/products/{id}', {
    onSuccess: () => invalidateProducts(queryClient),
  });
}
