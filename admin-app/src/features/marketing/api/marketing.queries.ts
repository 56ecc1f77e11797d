import type { QueryParams } from '@shop/sdk/types';
import { $api, readKey } from '../../../lib/api';

/** Blog posts per page of the back office's list (the API's default). */
export const BLOG_PAGE_SIZE = 10;

/** The only home of Marketing & Content's query options; keys derive from method + path (+ parameters). */
export const marketingQueries = {
  banners: () => $api.queryOptions('get', '/marketing/banners'),
  popup: () => $api.queryOptions('get', '/marketing/popup'),
  posts: (query: QueryParams<'listBlogPosts'>) =>
    $api.queryOptions('get', '/marketing/blog', { params: { query } }),
  post: (id: string) => $api.queryOptions('get', '/marketing/blog/{id}', { params: { path: { id } } }),
  settings: () => $api.queryOptions('get', '/marketing/settings'),
  /** Cart recovery: reminders of left carts on or off, and the second reminder's coupon. */
  cartRecovery: () => $api.queryOptions('get', '/cart/recovery-settings'),
  /** The media library's folders: banners and covers are uploaded into Marketing. */
  mediaFolders: () => $api.queryOptions('get', '/media/folders'),
};

/** Key prefixes of the reads above (method and path), for invalidation. */
export const marketingKeys = {
  banners: marketingQueries.banners().queryKey,
  popup: marketingQueries.popup().queryKey,
  posts: marketingQueries.posts({}).queryKey.slice(0, 2),
  post: marketingQueries.post('').queryKey.slice(0, 2),
  settings: marketingQueries.settings().queryKey,
  cartRecovery: marketingQueries.cartRecovery().queryKey,
  mediaFolders: marketingQueries.mediaFolders().queryKey,
  /** The media library's files (any folder), which an upload adds to. */
  mediaFiles: readKey('/media/files'),
};
