import { unwrap } from '@shop/sdk/client';
import type { RequestBody } from '@shop/sdk/types';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './api';

export type QuoteBody = RequestBody<'quoteOrder'>;

/**
 * `POST /order/quote`: the checkout's amounts, priced by the server with the code that prices the order, so the
 * browser keeps no copy of the pricing rules. Keyed by the items and currency; nothing is reserved.
 */
export const quoteQueryOptions = (body: QuoteBody) =>
  queryOptions({
    queryKey: ['post', '/order/quote', { body }] as const,
    queryFn: ({ signal }) => unwrap(api.POST('/order/quote', { body, signal })),
    // A changed quantity or currency keeps the last figures on screen while the new ones load.
    placeholderData: keepPreviousData,
  });
