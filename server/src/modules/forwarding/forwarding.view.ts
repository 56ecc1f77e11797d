import type { components } from '@shop/sdk/types';
import type { ForwardingView } from './forwarding.repository.ts';

type OrderForwarding = components['schemas']['OrderForwarding'];

export function toForwarding({
  orderId,
  orderNumber,
  country,
  shipping,
  product,
  forwarding,
}: ForwardingView): OrderForwarding {
  return {
    // One forwarding per order: an order not forwarded yet is listed under its own id.
    id: forwarding?.id ?? orderId,
    orderId,
    orderNumber,
    product,
    country,
    shipping: shipping ?? '',
    status: forwarding?.status ?? 'Pending',
    aeOrderId: forwarding?.aeOrderId ?? null,
    tracking: forwarding?.trackingNumber ?? null,
    syncLog: forwarding?.syncLog ?? [],
    updatedAt: forwarding?.updatedAt.toISOString() ?? null,
  };
}
