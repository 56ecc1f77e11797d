import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { factoryKeys } from './d2c.queries';

/** A factory change can show in the list, its cards, the detail panel and the catalogue: each write marks them stale. */
function useFactoryWrite() {
  const queryClient = useQueryClient();
  return {
    onSuccess: () =>
      Promise.all(Object.values(factoryKeys).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  };
}

/** POST /d2c/factories (createFactory). */
export function useCreateFactory() {
  return $api.useMutation('post', '/d2c/factories', useFactoryWrite());
}

/** PATCH /d2c/factories/{id} (updateFactory): Edit, Suspend and Activate. */
export function useUpdateFactory() {
  return $api.useMutation('patch', '/d2c/factories/{id}', useFactoryWrite());
}

/** POST /d2c/factories/{id}/products (assignFactoryProducts): Add products. */
export function useAssignFactoryProducts() {
  return $api.useMutation('post', '/d2c/factories/{id}/products', useFactoryWrite());
}
