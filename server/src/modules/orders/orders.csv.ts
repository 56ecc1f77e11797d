import { csvCell } from '../../lib/csv.ts';
import { BASE_RATE, convertMinor, toDecimalText } from '../../money/money.ts';
import type { ExportedOrderRow } from './orders.admin.repository.ts';
import { addressLine } from './orders.admin.view.ts';
import { paymentStatusOf } from './orders.view.ts';

/** The export's columns: amounts in the order's currency, then the total and refunds in USD at the order's rate. */
export const ORDER_EXPORT_COLUMNS = [
  'id',
  'date',
  'customer',
  'email',
  'phone',
  'channel',
  'status',
  'payment',
  'paymentMethod',
  'paymentRef',
  'items',
  'currency',
  'itemsPrice',
  'discount',
  'shippingPrice',
  'taxPrice',
  'total',
  'refunded',
  'rate',
  'totalUsd',
  'refundedUsd',
  'shippingAddress',
  'carrier',
  'trackingNumber',
  'reason',
] as const;

type Column = (typeof ORDER_EXPORT_COLUMNS)[number];

function cellsOf({ order, units }: ExportedOrderRow): Record<Column, string | number | null> {
  const inUsd = (minor: number) => toDecimalText(convertMinor(minor, order.rate, BASE_RATE));
  return {
    id: order.orderNumber,
    date: order.createdAt.toISOString(),
    customer: order.customerName,
    email: order.customerEmail,
    phone: order.customerPhone,
    channel: order.channel,
    status: order.status,
    payment: paymentStatusOf(order),
    paymentMethod: order.paymentMethod,
    paymentRef: order.paymentRef,
    items: units,
    currency: order.currency,
    itemsPrice: toDecimalText(order.itemsMinor),
    discount: toDecimalText(order.discountMinor),
    shippingPrice: toDecimalText(order.shippingMinor),
    taxPrice: toDecimalText(order.taxMinor),
    total: toDecimalText(order.totalMinor),
    refunded: toDecimalText(order.refundedMinor),
    rate: order.rate,
    totalUsd: inUsd(order.totalMinor),
    refundedUsd: inUsd(order.refundedMinor),
    shippingAddress: addressLine(order),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    reason: order.reason,
  };
}

/**
 * The filtered orders as CSV: a header row, then one row per order, lines ended by CRLF (RFC 4180). Cells are
 * quoted where needed and text that a spreadsheet would run as a formula is defused (csvCell).
 */
export function ordersCsv(rows: readonly ExportedOrderRow[]): string {
  const lines = [ORDER_EXPORT_COLUMNS.join(',')];
  for (const row of rows) {
    const cells = cellsOf(row);
    lines.push(ORDER_EXPORT_COLUMNS.map((column) => csvCell(cells[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
