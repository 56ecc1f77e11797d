import { isApiError } from '@shop/sdk/client';
import { $api } from '../../../lib/api';

/** One page of My Orders; the list is short-lived enough that paging it by 10 keeps the screen light. */
export const MY_ORDERS_PAGE_SIZE = 10;

export const myOrdersQueryOptions = (page: number) =>
  $api.queryOptions('get', '/order', { params: { query: { page, limit: MY_ORDERS_PAGE_SIZE } } });

export const myOrderQueryOptions = (id: string) =>
  $api.queryOptions('get', '/order/{id}', { params: { path: { id } } });

/** The parcels the order ships in, each with its carrier, tracking number and scans. */
export const myOrderParcelsQueryOptions = (id: string) =>
  $api.queryOptions('get', '/order/{id}/parcels', { params: { path: { id } } });

/** The API answers 404 for a missing order and for another shopper's. */
export function isOrderMissing(error: unknown): boolean {
  return isApiError(error) && error.code === 'NOT_FOUND';
}
