import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { supplierKeys } from './suppliers.queries';

/** Every supplier write can change a product's rows and its alerts: both are marked stale. */
function useSupplierWrite() {
  const queryClient = useQueryClient();
  return {
    onSuccess: () =>
      Promise.all(
        [supplierKeys.products, supplierKeys.alerts].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  };
}

/** PUT /products/{id}/suppliers (replaceProductSuppliers). */
export function useReplaceSuppliers() {
  return $api.useMutation('put', '/products/{id}/suppliers', useSupplierWrite());
}

/** PUT /products/{id}/supplier-settings (updateProductSupplierSettings). */
export function useUpdateSupplierSettings() {
  return $api.useMutation('put', '/products/{id}/supplier-settings', useSupplierWrite());
}

/** POST /suppliers/check (checkSuppliers). */
export function useCheckSuppliers() {
  return $api.useMutation('post', '/suppliers/check', useSupplierWrite());
}

/** POST /suppliers/alerts/{id}/resolve (resolveSupplierAlert). */
export function useResolveSupplierAlert() {
  return $api.useMutation('post', '/suppliers/alerts/{id}/resolve', useSupplierWrite());
}
