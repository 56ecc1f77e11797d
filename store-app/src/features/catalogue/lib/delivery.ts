import type { Schemas } from '@shop/sdk/types';
import type { TFunction } from 'i18next';

export type DeliveryOption = Schemas['DeliveryOption'];

function fee(option: DeliveryOption): number {
  const amount = Number.parseFloat(option.shipping_fee_cent);
  return Number.isFinite(amount) ? amount : Number.POSITIVE_INFINITY;
}

/** Spec §4: the default delivery option is the cheapest: free ones first, then the lowest fee. */
export function cheapestOption(options: DeliveryOption[]): DeliveryOption | undefined {
  let best: DeliveryOption | undefined;
  for (const option of options) {
    if (!best) best = option;
    else if (option.free_shipping !== best.free_shipping) best = option.free_shipping ? option : best;
    else if (!option.free_shipping && fee(option) < fee(best)) best = option;
  }
  return best;
}

/** The product page's translator (`product` namespace). */
type Translate = TFunction<'product'>;

/** Whole numbers in the shopper's digits (`digitsIn`). */
type Digits = (value: number) => string;

export function deliveryDays(option: DeliveryOption, t: Translate, digits: Digits): string {
  const { min_delivery_days: min, max_delivery_days: max } = option;
  // `count` picks the plural form; `days` is the same number in the shopper's digits.
  return min === max
    ? t('delivery.days', { count: max, days: digits(max) })
    : t('delivery.dayRange', { min: digits(min), max: digits(max) });
}

/** The shopper's money formatter (`useLocaleFormat().money`). */
type Money = (amount: number, currency: string) => string;

/** The fee through the one money formatter in the shopper's language; the supplier's own text only without a currency. */
export function feeText(option: DeliveryOption, t: Translate, money: Money): string {
  if (option.free_shipping) return t('delivery.free');
  const amount = Number.parseFloat(option.shipping_fee_cent);
  return option.shipping_fee_currency && Number.isFinite(amount)
    ? money(amount, option.shipping_fee_currency)
    : option.shipping_fee_format;
}

export function deliveryWhen(option: DeliveryOption, t: Translate, digits: Digits): string {
  const when = option.delivery_date_desc ? `${option.delivery_date_desc} · ` : '';
  return `${when}${deliveryDays(option, t, digits)}${option.tracking ? ` · ${t('delivery.tracking')}` : ''}`;
}
