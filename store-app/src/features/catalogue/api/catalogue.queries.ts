import { unwrap } from '@shop/sdk/client';
import type { QueryParams, RequestBody } from '@shop/sdk/types';
import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Cards per page of the home grid and the search results. */
export const PAGE_SIZE = 20;

export type ProductListQuery = Omit<QueryParams<'listProducts'>, 'page' | 'limit'>;
export type DeliveryOptionsBody = RequestBody<'getDeliveryOptions'>;
export type LandedCostQuery = QueryParams<'getLandedCost'>;

// Keys follow openapi-react-query's ['method', path, init] shape, so any screen can invalidate a path by
// prefix (['get', '/product/']) without importing this feature.
export const catalogueQueries = {
  productPages: (query: ProductListQuery) =>
    infiniteQueryOptions({
      queryKey: ['get', '/product/', { params: { query } }, 'pages'] as const,
      queryFn: ({ pageParam, signal }) =>
        unwrap(
          api.GET('/product/', {
            // Facets count the whole result: the first page brings them, the next pages need not.
            params: {
              query: {
                ...query,
                ...(query.facets && pageParam > 1 ? { facets: undefined } : {}),
                page: pageParam,
                limit: PAGE_SIZE,
              },
            },
            signal,
          }),
        ),
      initialPageParam: 1,
      getNextPageParam: ({ meta }) => (meta.page * meta.limit < meta.total ? meta.page + 1 : undefined),
    }),

  productList: (query: QueryParams<'listProducts'>) =>
    queryOptions({
      queryKey: ['get', '/product/', { params: { query } }] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/product/', { params: { query }, signal })),
    }),

  /** `early`: the same request already in flight (index.html's, see lib/early-product.ts); asked again if it fails. */
  product: (id: string, query: { country: string; currency: string }, early?: Promise<unknown>) =>
    queryOptions({
      queryKey: ['get', '/product/{id}', { params: { path: { id }, query } }] as const,
      queryFn: ({ signal }) => {
        const ask = () => unwrap(api.GET('/product/{id}', { params: { path: { id }, query }, signal }));
        return early ? (early as ReturnType<typeof ask>).catch(ask) : ask();
      },
    }),

  /** What the header's search box suggests for a typed text; nothing is asked for an empty one. */
  suggestions: (query: QueryParams<'listSearchSuggestions'>) =>
    queryOptions({
      queryKey: ['get', '/product/suggestions', { params: { query } }] as const,
      queryFn: query.q
        ? ({ signal }) => unwrap(api.GET('/product/suggestions', { params: { query }, signal }))
        : skipToken,
      staleTime: 60_000,
    }),

  reviews: (id: string) =>
    queryOptions({
      queryKey: ['get', '/reviews/product/{id}', { params: { path: { id } } }] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/reviews/product/{id}', { params: { path: { id } }, signal })),
    }),

  /** The landed cost of a SKU for the ship-to country; nothing is asked while no SKU or quantity is chosen. */
  landedCost: (id: string, query: LandedCostQuery | null) =>
    queryOptions({
      queryKey: ['get', '/product/landed-cost/{id}', { params: { path: { id }, query } }] as const,
      queryFn: query
        ? ({ signal }) =>
            unwrap(api.GET('/product/landed-cost/{id}', { params: { path: { id }, query }, signal }))
        : skipToken,
    }),

  /**
   * Spec §8: a failed shipping fetch yields no options, the same as a country nothing reaches. Without a
   * body (no SKU chosen yet) nothing is asked.
   */
  deliveryOptions: (body: DeliveryOptionsBody | null) =>
    queryOptions({
      queryKey: ['post', '/logistic', { body }] as const,
      queryFn: body
        ? async () => {
            try {
              const { data } = await unwrap(api.POST('/logistic', { body }));
              return data.freight_data.delivery_option_d_t_o;
            } catch {
              return [];
            }
          }
        : skipToken,
    }),
};
