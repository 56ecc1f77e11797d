import type { AdminOrder } from './order-status';

/** A CSV field, quoted when it holds a comma, quote or line break (RFC 4180). */
function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (fields: (string | number | null | undefined)[]) => fields.map(csvField).join(',');

/**
 * One order as CSV: one line per item, each with the order's own figures, so a spreadsheet can sum either.
 * Amounts stay the API's numbers in the order's currency (named in their own column).
 */
export function orderToCsv(order: AdminOrder): string {
  const header = [
    'orderId',
    'date',
    'status',
    'customer',
    'email',
    'phone',
    'channel',
    'currency',
    'sku',
    'item',
    'qty',
    'price',
    'lineTotal',
    'itemsPrice',
    'shippingPrice',
    'taxPrice',
    'discount',
    'total',
    'refunded',
    'paymentMethod',
    'paymentStatus',
    'gatewayRef',
    'paidAt',
    'shippingMethod',
    'carrier',
    'tracking',
    'address',
  ];
  const lines = order.items.map((item) =>
    csvLine([
      order.id,
      order.date,
      order.status,
      order.customer,
      order.email,
      order.phone,
      order.channel,
      order.currency,
      item.sku,
      item.name,
      item.qty,
      item.price,
      item.total,
      order.itemsPrice,
      order.shippingPrice,
      order.taxPrice,
      order.discount,
      order.total,
      order.refunded,
      order.payment.method,
      order.payment.status,
      order.payment.gatewayRef,
      order.payment.paidAt,
      order.shipping.method,
      order.shipping.carrier,
      order.shipping.tracking,
      order.shipping.address,
    ]),
  );
  return `${[csvLine(header), ...lines].join('\r\n')}\r\n`;
}

export function orderExportBlob(order: AdminOrder, format: 'csv' | 'json'): { blob: Blob; fileName: string } {
  return format === 'csv'
    ? { blob: new Blob([orderToCsv(order)], { type: 'text/csv' }), fileName: `${order.id}.csv` }
    : {
        blob: new Blob([JSON.stringify(order, null, 2)], { type: 'application/json' }),
        fileName: `${order.id}.json`,
      };
}
