import type { components } from '@shop/sdk/types';
import type { ParcelView } from './forwarding.parcels.ts';
import type { ForwardingView } from './forwarding.repository.ts';

type OrderForwarding = components['schemas']['OrderForwarding'];
type SupplierParcel = components['schemas']['SupplierParcel'];
type ShopperParcel = components['schemas']['ShopperParcel'];

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toParcel(parcel: ParcelView): SupplierParcel {
  return {
    id: parcel.id,
    number: parcel.number,
    supplierName: parcel.supplierName,
    status: parcel.status,
    aeOrderId: parcel.aeOrderId,
    trackingNumber: parcel.trackingNumber,
    carrier: parcel.carrier,
    events: parcel.events,
    failureClass: parcel.failureClass,
    lastError: parcel.lastError,
    attempts: parcel.attempts,
    retryAt: iso(parcel.retryAt),
    placedAt: iso(parcel.placedAt),
    shippedAt: iso(parcel.shippedAt),
    deliveredAt: iso(parcel.deliveredAt),
    promisedBy: iso(parcel.promisedBy),
    reshipOf: parcel.reshipOf,
    items: parcel.items.map((item) => ({
      orderItemId: item.orderItemId,
      productId: item.productId,
      name: item.name,
      quantity: item.quantity,
      aeProductId: item.aeProductId,
      aeSkuId: item.aeSkuId,
      source: item.source as SupplierParcel['items'][number]['source'],
    })),
  };
}

/** What the shopper sees: no supplier, no supplier order, no failures; a parcel not shipped yet is Preparing. */
export function toShopperParcel(parcel: ParcelView): ShopperParcel {
  const status: ShopperParcel['status'] =
    parcel.status === 'Shipped' || parcel.status === 'Delivered' || parcel.status === 'Cancelled'
      ? parcel.status
      : 'Preparing';
  return {
    _id: parcel.id,
    number: parcel.number,
    status,
    carrier: parcel.carrier,
    trackingNumber: parcel.trackingNumber,
    shippedAt: iso(parcel.shippedAt),
    deliveredAt: iso(parcel.deliveredAt),
    promisedBy: iso(parcel.promisedBy),
    items: parcel.items.map((item) => ({ name: item.name, quantity: item.quantity })),
    events: parcel.events,
  };
}

export function toForwarding({
  orderId,
  orderNumber,
  country,
  shipping,
  product,
  forwarding,
  parcels,
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
    parcels: (parcels ?? []).map(toParcel),
  };
}
