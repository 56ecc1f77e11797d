import type { components } from '@shop/sdk/types';
import { toAmount } from '../../money/money.ts';
import { toForwarding } from '../forwarding/index.ts';
import { ALLOWED_MOVES } from '../order-lifecycle/index.ts';
import { CASH_ON_DELIVERY } from '../payments/index.ts';
import { toRefund } from '../refunds/index.ts';
import type { AdminOrderDetails, StatusLogRow } from './orders.admin.repository.ts';
import type { OrderRow } from './orders.repository.ts';
import { itemDelivery, orderTax, paymentStatusOf, shippingAddressOf } from './orders.view.ts';

type AdminOrder = components['schemas']['AdminOrder'];
type OrderStatusLog = components['schemas']['OrderStatusLog'];

const sumOf = (refunds: AdminOrderDetails['refunds']) =>
  refunds.reduce((sum, refund) => sum + refund.amountMinor, 0);

/**
 * What was paid back, and what was paid back or waits to be: the order row counts what went back (older orders
 * carry it only there), the Pending refunds what staff still have to pay back.
 */
function refundedMinorOf({ order, refunds }: Pick<AdminOrderDetails, 'order' | 'refunds'>) {
  const paidBack = Math.max(sumOf(refunds.filter((r) => r.status === 'Completed')), order.refundedMinor);
  const pending = sumOf(refunds.filter((r) => r.status === 'Pending'));
  return { paidBack, committed: Math.max(sumOf(refunds), paidBack + pending) };
}

/** The shipping address on one line, as the order list and the CSV show it. */
export function addressLine(order: OrderRow): string {
  return [order.shipAddress, order.shipCity, order.shipProvince, order.shipPostalCode, order.shipCountry]
    .filter((part): part is string => part !== null && part.trim() !== '')
    .join(', ');
}

export function toAdminOrder(details: AdminOrderDetails): AdminOrder {
  const { order, items, history } = details;
  const { paidBack, committed } = refundedMinorOf(details);
  return {
    _id: order.id,
    id: order.orderNumber,
    customer: order.customerName,
    email: order.customerEmail,
    phone: order.customerPhone,
    date: order.createdAt.toISOString(),
    status: order.status,
    total: toAmount(order.totalMinor),
    currency: order.currency,
    channel: order.channel,
    items: items.map((item) => ({
      sku: item.skuId ?? '',
      name: item.name,
      qty: item.quantity,
      price: toAmount(item.unitPriceMinor),
      total: toAmount(item.lineTotalMinor),
      productId: item.productId,
      image: item.image,
      carrier: item.carrier,
      trackingNumber: item.trackingNumber,
      shippedAt: item.shippedAt?.toISOString() ?? null,
      delivery: itemDelivery(item),
    })),
    shipping: {
      method: order.logisticsServiceName ?? '',
      tracking: order.trackingNumber,
      address: addressLine(order),
      cost: toAmount(order.shippingMinor),
      carrier: order.carrier,
    },
    payment: {
      method: order.paymentMethod,
      gatewayRef: order.paymentRef,
      status: paymentStatusOf({
        isPaid: order.isPaid,
        totalMinor: order.totalMinor,
        refundedMinor: paidBack,
      }),
      paidAt: order.paidAt?.toISOString() ?? null,
    },
    statusHistory: history.map((entry) => ({
      status: entry.status,
      date: entry.at.toISOString(),
      by: entry.by,
      note: entry.note,
    })),
    customerId: order.customerId,
    itemsPrice: toAmount(order.itemsMinor),
    shippingPrice: toAmount(order.shippingMinor),
    taxPrice: toAmount(order.taxMinor),
    tax: orderTax(order),
    paymentFee: toAmount(order.paymentFeeMinor),
    dutyPrice: toAmount(order.dutyMinor),
    dutyLabel: order.dutyLabel,
    ...(order.paymentMethod === CASH_ON_DELIVERY
      ? {
          cashOnDelivery: {
            collectedAt: order.codCollectedAt?.toISOString() ?? null,
            collectedBy: order.codCollectedBy,
          },
        }
      : {}),
    discount: toAmount(order.discountMinor),
    couponCode: order.couponCode,
    refunded: toAmount(committed),
    rate: order.rate,
    notes: order.notes,
    reason: order.reason,
    archived: order.archivedAt !== null,
    shippingAddress: shippingAddressOf(order),
    refunds: details.refunds.map((refund) =>
      toRefund({ refund, orderNumber: order.orderNumber, customer: order.customerName }),
    ),
    forwarding: awaitsForwarding(details)
      ? toForwarding({
          orderId: order.id,
          orderNumber: order.orderNumber,
          country: order.shipCountry,
          shipping: order.logisticsServiceName,
          product: details.marketplaceItems,
          forwarding: details.forwarding,
          parcels: details.parcels,
        })
      : null,
    allowedStatuses: [...ALLOWED_MOVES[order.status]],
  };
}

/**
 * Whether the order has a forwarding to show: one already made, or marketplace items of a paid order that has not
 * shipped and is not cancelled or failed (shown as Pending, as the forwarding list shows them).
 */
function awaitsForwarding(details: AdminOrderDetails): boolean {
  if (details.forwarding) return true;
  const { order } = details;
  return (
    details.marketplaceItems !== '' &&
    order.isPaid &&
    !['Shipped', 'Delivered', 'Completed', 'Cancelled', 'Failed'].includes(order.status)
  );
}

export function toStatusLog({ entry, orderNumber, customer }: StatusLogRow): OrderStatusLog {
  return {
    _id: entry.id,
    orderId: entry.orderId,
    orderNumber,
    customer,
    status: entry.status,
    date: entry.at.toISOString(),
    by: entry.by,
    note: entry.note,
  };
}
