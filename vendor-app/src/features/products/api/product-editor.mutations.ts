import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { vendorProductWriteKeys } from './product-editor.queries';

/** Every product read a write makes stale. */
export function invalidateProducts(queryClient: QueryClient) {
  return Promise.all(vendorProductWriteKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** POST /vendor/products (createVendorProduct): the product waits for staff approval. */
export function useCreateVendorProduct() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/vendor/products', { onSuccess: () => invalidateProducts(queryClient) });
}

/** PUT /vendor/products/{id} (updateVendorProduct): the change waits for staff approval. */
export function useUpdateVendorProduct() {
  const queryClient = useQueryClient();
  return $api.useMutation('put', '/vendor/products/{id}', {
    onSuccess: () => invalidateProducts(queryClient),
  });
}

type UploadBody = { file: unknown };

/** POST /vendor/images (uploadVendorImage): one picture as multipart `file`; answers where it is served. */
export function useUploadVendorImage() {
  const mutation = $api.useMutation('post', '/vendor/images');
  return {
    async upload(file: File) {
      const form = new FormData();
      form.append('file', file, file.name);
      // The generated type cannot name a binary part; FormData passes through openapi-fetch unchanged.
      const { data } = await mutation.mutateAsync({ body: form as unknown as UploadBody });
      return { url: data.url };
    },
  };
}
