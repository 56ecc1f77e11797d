import { useMutation, useQueryClient } from '@tanstack/react-query';
import { $api, api } from '../../../lib/api';
import { marketingKeys, marketingQueries } from './marketing.queries';

/** Marks these reads stale after a write succeeds. */
function useInvalidate(...keys: ReadonlyArray<readonly unknown[]>) {
  const queryClient = useQueryClient();
  return {
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  };
}

/** POST /marketing/banners (createBanner). */
export function useCreateBanner() {
  return $api.useMutation('post', '/marketing/banners', useInvalidate(marketingKeys.banners));
}

/** PUT /marketing/banners/{id} (updateBanner): Edit, Enable and Disable. */
export function useUpdateBanner() {
  return $api.useMutation('put', '/marketing/banners/{id}', useInvalidate(marketingKeys.banners));
}

/** DELETE /marketing/banners/{id} (deleteBanner). */
export function useDeleteBanner() {
  return $api.useMutation('delete', '/marketing/banners/{id}', useInvalidate(marketingKeys.banners));
}

/** POST /marketing/banners/{id}/move (moveBanner): the answer is the whole list in its new order. */
export function useMoveBanner() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/marketing/banners/{id}/move', {
    onSuccess: (answer) => queryClient.setQueryData(marketingKeys.banners, answer),
  });
}

/** PUT /marketing/popup (updateStorefrontPopup). */
export function useUpdatePopup() {
  const queryClient = useQueryClient();
  return $api.useMutation('put', '/marketing/popup', {
    onSuccess: (answer) => queryClient.setQueryData(marketingKeys.popup, answer),
  });
}

/** POST /marketing/blog (createBlogPost). */
export function useCreateBlogPost() {
  return $api.useMutation('post', '/marketing/blog', useInvalidate(marketingKeys.posts, marketingKeys.post));
}

/** PUT /marketing/blog/{id} (updateBlogPost). */
export function useUpdateBlogPost() {
  return $api.useMutation(
    'put',
    '/marketing/blog/{id}',
    useInvalidate(marketingKeys.posts, marketingKeys.post),
  );
}

/** PUT /marketing/blog/{id}/status (setBlogPostStatus): Publish and Unpublish. */
export function useSetBlogPostStatus() {
  return $api.useMutation(
    'put',
    '/marketing/blog/{id}/status',
    useInvalidate(marketingKeys.posts, marketingKeys.post),
  );
}

/** DELETE /marketing/blog/{id} (deleteBlogPost). */
export function useDeleteBlogPost() {
  return $api.useMutation('delete', '/marketing/blog/{id}', useInvalidate(marketingKeys.posts));
}

/** PUT /marketing/settings (updateMarketingSettings): Meta Tags and Analytics each send their own fields. */
export function useUpdateMarketingSettings() {
  const queryClient = useQueryClient();
  return $api.useMutation('put', '/marketing/settings', {
    onSuccess: (answer) => queryClient.setQueryData(marketingKeys.settings, answer),
  });
}

/** PUT /cart/recovery-settings (updateCartRecoverySettings). */
export function useUpdateCartRecovery() {
  const queryClient = useQueryClient();
  return $api.useMutation('put', '/cart/recovery-settings', {
    onSuccess: (answer) => queryClient.setQueryData(marketingKeys.cartRecovery, answer),
  });
}

/** The library's Marketing folder, where banner, popup and cover pictures are uploaded. */
const MARKETING_FOLDER = 'Marketing';

/**
 * POST /media/files?folder= (uploadMediaFile): a picture into the library's Marketing folder, so it can be picked
 * again later. Answers the stored file (its `url` is what a banner keeps).
 */
export function useUploadMarketingPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const folders = await queryClient.fetchQuery(marketingQueries.mediaFolders());
      const folder = folders.data.find((item) => item.builtIn && item.name === MARKETING_FOLDER);
      if (!folder) throw new Error('The media library has no Marketing folder.');
      const form = new FormData();
      form.append('file', file, file.name);
      const { data, error } = await api.POST('/media/files', {
        params: { query: { folder: folder.id } },
        // The generated type names the binary part a string; FormData passes through openapi-fetch unchanged.
        body: form as unknown as { file: string },
      });
      if (error) throw error;
      return data.data;
    },
    onSuccess: () =>
      Promise.all(
        [marketingKeys.mediaFolders, marketingKeys.mediaFiles].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
