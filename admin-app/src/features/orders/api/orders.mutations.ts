import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/api';
import { orderKeys } from './orders.queries';

/**
 * An order change can show on every order screen (list and stat cards, details, status logs, forwarding,
 * refunds), so each write marks them all stale; only the screens on view are fetched again.
 */
function invalidateOrders(queryClient: QueryClient) {
  return Promise.all(
    [orderKeys.lists, orderKeys.details, orderKeys.statusLogs, orderKeys.forwardings, orderKeys.refunds].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** Writes to an order, each followed by the invalidation above. */
function useOrderWrite() {
  const queryClient = useQueryClient();
  return { onSuccess: () => invalidateOrders(queryClient) };
}

/** POST /orders (createAdminOrder): stock is reserved too, so the product picker is refreshed. */
export function useCreateAdminOrder() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/orders', {
    onSuccess: () =>
      Promise.all([
        invalidateOrders(queryClient),
        queryClient.invalidateQueries({ queryKey: orderKeys.products }),
      ]),
  });
}

/** POST /orders/{id}/status (changeOrderStatus). */
export function useChangeOrderStatus() {
  return $api.useMutation('post', '/orders/{id}/status', useOrderWrite());
}

/** POST /orders/bulk-status (bulkChangeOrderStatus): answers which orders moved and why the others did not. */
export function useBulkChangeOrderStatus() {
  return $api.useMutation('post', '/orders/bulk-status', useOrderWrite());
}

/** POST /orders/bulk-archive (archiveOrders): only Cancelled or Failed orders are archived. */
export function useArchiveOrders() {
  return $api.useMutation('post', '/orders/bulk-archive', useOrderWrite());
}

/** POST /orders/{id}/confirm-payment (confirmOrderPayment). */
export function useConfirmOrderPayment() {
  return $api.useMutation('post', '/orders/{id}/confirm-payment', useOrderWrite());
}

/** PUT /orders/{id}/edit (updateAdminOrder): address and notes. */
export function useUpdateAdminOrder() {
  return $api.useMutation('put', '/orders/{id}/edit', useOrderWrite());
}

/** POST /orders/{id}/restore (restoreOrder). */
export function useRestoreOrder() {
  return $api.useMutation('post', '/orders/{id}/restore', useOrderWrite());
}

/** POST /orders/{id}/forward (forwardOrder): also the Retry of Failed/Cancelled Orders. */
export function useForwardOrder() {
  return $api.useMutation('post', '/orders/{id}/forward', useOrderWrite());
}

/** POST /orders/{id}/forward/sync (syncOrderForwarding). */
export function useSyncOrderForwarding() {
  return $api.useMutation('post', '/orders/{id}/forward/sync', useOrderWrite());
}

/** POST /orders/{id}/parcels/{parcelId}/place (placeOrderParcel): a parcel's Retry. */
export function usePlaceOrderParcel() {
  return $api.useMutation('post', '/orders/{id}/parcels/{parcelId}/place', useOrderWrite());
}

/** PUT /orders/{id}/parcels/{parcelId}/address (fixParcelAddress): the Edit address fix, then placed again. */
export function useFixParcelAddress() {
  return $api.useMutation('put', '/orders/{id}/parcels/{parcelId}/address', useOrderWrite());
}

/** POST /orders/{id}/refunds (createRefund). */
export function useCreateRefund() {
  return $api.useMutation('post', '/orders/{id}/refunds', useOrderWrite());
}

/** POST /return-requests/{id}/decision (decideReturnRequest): only the requests list changes. */
export function useDecideReturnRequest() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/return-requests/{id}/decision', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.returnRequests }),
  });
}

/** POST /refunds/{id}/process (processRefund). */
export function useProcessRefund() {
  return $api.useMutation('post', '/refunds/{id}/process', useOrderWrite());
}
