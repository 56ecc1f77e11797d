import { formatMoney } from '@shop/ui/format';
import type { AdminOrder } from './order-status';

type LineDelivery = NonNullable<AdminOrder['items'][number]['delivery']>;

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** The tax line's label: "Tax (10%)" when it was added to the total, "Incl. 21% IVA" when it is in the prices. */
export function taxLineLabel(tax: AdminOrder['tax']): string {
  const rate = `${percent.format(tax.rate)}%`;
  return tax.inclusive ? `Incl. ${rate} ${tax.label}` : `${tax.label} (${rate})`;
}

/** A line's supplier delivery service and its fee (part of the order's shipping): "Delivery: Cainiao Standard, $2.35". */
export function deliveryText(delivery: LineDelivery, currency: string): string {
  const fee = delivery.fee === 0 ? 'free' : formatMoney(delivery.fee, currency);
  return `Delivery: ${delivery.company}, ${fee}`;
}
