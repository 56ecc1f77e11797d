import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { $api, readKey } from '../../../lib/api';

/** Every product read the lists, the stat cards and the viewer/editor make. */
function invalidateProducts(queryClient: QueryClient) {
  return Promise.all(
    [readKey('/product/'), readKey('/product/stats'), readKey('/product/{id}')].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** POST /product/ (createProduct): the wizard's product, with its images, properties, SKUs, SEO and labels. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/product/', { onSuccess: () => invalidateProducts(queryClient) });
}

/** PUT /product/{id} (updateProduct): the editor's product, same body as creating. */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return $api.useMutation('put', '/product/{id}', { onSuccess: () => invalidateProducts(queryClient) });
}

type UploadBody = { file: string };

/** POST /media (uploadMedia): one picture as multipart `file`; the server checks its type and size. */
export function useUploadMedia() {
  const mutation = $api.useMutation('post', '/media');
  return {
    upload(file: File) {
      const form = new FormData();
      form.append('file', file, file.name);
      // The generated type names the binary part a string; FormData passes through openapi-fetch unchanged.
      return mutation.mutateAsync({ body: form as unknown as UploadBody });
    },
  };
}
