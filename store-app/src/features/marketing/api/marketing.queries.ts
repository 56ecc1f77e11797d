import { unwrap } from '@shop/sdk/client';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { takeEarlyContent } from '../lib/early-content';

/** Posts per page of the storefront blog (the API's default). */
export const BLOG_PAGE_SIZE = 9;

// Banners change when staff change them, rarely within a visit: read once in a while, not on every page.
const CONTENT_STALE_MS = 5 * 60_000;

// Keys follow openapi-react-query's ['method', path, init] shape, as the other features' do.
export const marketingQueries = {
  /** Banners, popup, meta defaults: index.html may have asked already on the home page (lib/early-content.ts). */
  content: () =>
    queryOptions({
      queryKey: ['get', '/storefront/content'] as const,
      queryFn: ({ signal }) => {
        const ask = () => unwrap(api.GET('/storefront/content', { signal }));
        const early = takeEarlyContent();
        return early ? (early as ReturnType<typeof ask>).catch(ask) : ask();
      },
      staleTime: CONTENT_STALE_MS,
    }),

  blogPage: (page: number) =>
    queryOptions({
      queryKey: ['get', '/storefront/blog', { params: { query: { page, limit: BLOG_PAGE_SIZE } } }] as const,
      queryFn: ({ signal }) =>
        unwrap(api.GET('/storefront/blog', { params: { query: { page, limit: BLOG_PAGE_SIZE } }, signal })),
    }),

  blogPost: (slug: string) =>
    queryOptions({
      queryKey: ['get', '/storefront/blog/{slug}', { params: { path: { slug } } }] as const,
      queryFn: ({ signal }) =>
        unwrap(api.GET('/storefront/blog/{slug}', { params: { path: { slug } }, signal })),
    }),
};
