import { CURRENCIES } from '@shop/sdk/choices';
import { BASE_RATE, convertMinor, type Rates, toAmount } from '../../money/money.ts';
import type { StoreSettingsRow } from './store-settings.repository.ts';

/** Staff's tax rules as the contract gives them (percent), by country. */
export function publicTaxRules(row: StoreSettingsRow) {
  return row.taxRules.map((rule) => ({
    country: rule.country as never,
    rate: rule.basisPoints / 100,
    inclusive: rule.inclusive,
    label: rule.label,
  }));
}

/** Staff's import duty rules as the contract gives them (percent, de minimis in USD), by country. */
export function publicDutyRules(row: StoreSettingsRow) {
  return row.dutyRules.map((rule) => ({
    country: rule.country as never,
    rate: rule.basisPoints / 100,
    deMinimis: toAmount(rule.deMinimisUsdMinor),
    basis: rule.basis,
    label: rule.label,
  }));
}

/**
 * The free-shipping threshold staff set (in USD, where checkout applies it) in every storefront currency the store
 * has a rate for, converted by the money module; the storefront states it in the shopper's currency.
 */
export function freeShippingAbove(row: StoreSettingsRow, rates: Rates): Record<string, number> | null {
  // Supplier fees that the threshold does not make free: the store offers no free shipping to announce.
  if (row.deliveryPolicy === 'supplier' && !row.supplierFreeShipping) return null;
  return Object.fromEntries(
    CURRENCIES.flatMap((code) => {
      const rate = rates.get(code);
      return rate === undefined
        ? []
        : [[code, toAmount(convertMinor(row.freeShippingAboveUsdMinor, BASE_RATE, rate, code))]];
    }),
  );
}
