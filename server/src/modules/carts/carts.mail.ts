import { toDecimalText } from '../../money/money.ts';
import type { OutboxMessage } from '../mail/index.ts';
import type { PricedCartLine } from './carts.view.ts';

export type ReminderKind = 'first' | 'second';

export const REMINDER_KINDS = { first: 'cart.reminder.first', second: 'cart.reminder.second' } as const;

const money = (minor: number, currency: string) => `${currency} ${toDecimalText(minor)}`;

/** The storefront page that refills the device's cart from the link's token. */
export const recoverLink = (storeUrl: string, token: string) =>
  `${storeUrl.replace(/\/+$/, '')}/cart?recover=${encodeURIComponent(token)}`;

export const unsubscribeLink = (storeUrl: string, token: string) =>
  `${storeUrl.replace(/\/+$/, '')}/cart-reminders?unsubscribe=${encodeURIComponent(token)}`;

/** A reminder of a left cart: its items with the shopper's prices, a link back, and a way to stop reminders. */
export function cartReminder(input: {
  kind: ReminderKind;
  to: string;
  name: string;
  shopName: string;
  lines: readonly PricedCartLine[];
  currency: string;
  recoverUrl: string;
  unsubscribeUrl: string;
  coupon: string | null;
}): OutboxMessage {
  const items = input.lines
    .map(
      (line) =>
        `- ${line.product.title} × ${line.quantity}: ${money(line.unitPriceMinor * line.quantity, input.currency)}`,
    )
    .join('\n');
  const total = input.lines.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0);
  const offer =
    input.kind === 'second' && input.coupon
      ? `Use the code ${input.coupon} at checkout for a little off your order.\n\n`
      : '';
  return {
    to: input.to,
    subject:
      input.kind === 'first'
        ? `You left something in your cart at ${input.shopName}`
        : `Your cart at ${input.shopName} is still waiting`,
    body:
      `Hello ${input.name},\n\nYour cart still holds:\n\n${items}\n\nItems total: ${money(total, input.currency)}\n\n` +
      offer +
      `Pick up where you left off, on any device: ${input.recoverUrl}\n\n` +
      `Prices and stock are checked again at checkout.\n\n` +
      `No more cart reminders: ${input.unsubscribeUrl}\n`,
    kind: REMINDER_KINDS[input.kind],
  };
}
