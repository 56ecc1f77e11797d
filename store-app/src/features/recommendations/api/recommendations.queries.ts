import { unwrap } from '@shop/sdk/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { $api, api } from '../../../lib/api';
import type { ViewedEntry } from '../lib/recently-viewed-store';

type Market = { country: string; currency: string };

export const recommendationQueries = {
  /** "Customers also bought": companions of the product on the page, or of the cart's products. */
  alsoBought: (ids: string[], { country, currency }: Market) =>
    $api.queryOptions('get', '/recommendations/also-bought', {
      params: { query: { ids, country, currency } },
    }),
  /** Cards for the products this device remembers (signed out). */
  byIds: (ids: string[], { country, currency }: Market) =>
    $api.queryOptions('get', '/recommendations/products', { params: { query: { ids, country, currency } } }),
  /** The account's recently viewed products (signed in). */
  recentlyViewed: ({ country, currency }: Market) =>
    $api.queryOptions('get', '/recently-viewed', { params: { query: { country, currency } } }),
};

/** Records views on the account (merging the device's list after sign-in); the answer is the account's list. */
export function useRecordViews(market: Market) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: ViewedEntry[]) =>
      unwrap(
        api.POST('/recently-viewed', {
          params: { query: { country: market.country, currency: market.currency } },
          body: { items },
        }),
      ),
    onSuccess: (envelope) =>
      queryClient.setQueryData(recommendationQueries.recentlyViewed(market).queryKey, envelope),
  });
}
