import { unwrap } from '@shop/sdk/client';
import type { RequestBody } from '@shop/sdk/types';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './api';
import type { CartItem } from './cart-store';

export type QuoteBody = RequestBody<'quoteOrder'>;

/**
 * What the quote and the order are sent of each cart line: the goods and the delivery service chosen on the
 * product page (the server charges the cheapest when a line names none). Prices stay out: the server sets them.
 */
export function orderItems(lines: CartItem[]): QuoteBody['items'] {
  return lines.map((line) => ({
    product: line.id,
    sku_id: line.sku_id,
    quantity: line.quantity,
    ...(line.logistics_service_name ? { logistics_service_name: line.logistics_service_name } : {}),
  }));
}

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
