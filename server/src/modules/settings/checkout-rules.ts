// The checkout rules staff set in System Settings. They live with the settings that store them, so orders and
// payments read them from here and settings depends on neither.

export const FREE_SHIPPING_ABOVE_USD_MINOR = 100_00;
export const FLAT_SHIPPING_USD_MINOR = 10_00;
/** Tax in percent of the items total. */
export const TAX_PERCENT = 10;

/** Cash on delivery as staff offer it (System Settings). */
export interface CashOnDeliveryPolicy {
  enabled: boolean;
  countries: readonly string[];
  feeUsdMinor: number;
  /** The largest order total taken on delivery, USD; null: no limit. */
  maxOrderUsdMinor: number | null;
}

/** The checkout rules staff set in System Settings (store_settings); the spec's values by default. */
export interface CheckoutRules {
  freeShippingAboveUsdMinor: number;
  flatShippingUsdMinor: number;
  /** Tax in hundredths of a percent of the items total (1000 = 10%): the ship-to country's, or the default. */
  taxBasisPoints: number;
  /** Whether the items' prices already include the tax (the country's rule); then it is not added. */
  taxInclusive?: boolean;
  taxLabel?: string;
  /** `supplier`: each imported line's service fee (its `deliveryFeeMinor`); `store_rule` (default): the flat rule. */
  deliveryPolicy?: 'store_rule' | 'supplier';
  /** Whether the free-shipping threshold also makes supplier fees free (default yes). */
  supplierFreeShipping?: boolean;
  /** Added to supplier fees, hundredths of a percent. */
  supplierMarkupBasisPoints?: number;
  /** Cash on delivery as staff offer it (System Settings); absent: not offered. */
  cashOnDelivery?: CashOnDeliveryPolicy;
  /** The chosen payment method's own fee in USD (cash on delivery), converted once and added to the total. */
  paymentFeeUsdMinor?: number;
  /** The ship-to country's import duty rule; absent or null: no duty. */
  duty?: DutyRule | null;
}

/** Import duty of one ship-to country as checkout charges it (System Settings' duty rules). */
export interface DutyRule {
  /** Hundredths of a percent of the dutiable value (1000 = 10%). */
  basisPoints: number;
  /** No duty is due on goods worth less than this, in USD minor units (converted into the order's currency). */
  deMinimisUsdMinor: number;
  /** Whether the delivery is dutiable along with the goods. */
  basis: 'goods' | 'goods_and_delivery';
  label: string;
}

/** The duty rule staff set for `country`, or null when it has none. */
export function dutyRuleFor(
  rules: ReadonlyArray<DutyRule & { country: string }>,
  country: string | undefined,
): DutyRule | null {
  const rule = country ? rules.find((entry) => entry.country === country.toUpperCase()) : undefined;
  return rule
    ? {
        basisPoints: rule.basisPoints,
        deMinimisUsdMinor: rule.deMinimisUsdMinor,
        basis: rule.basis,
        label: rule.label,
      }
    : null;
}

export const DEFAULT_CHECKOUT_RULES: CheckoutRules = {
  freeShippingAboveUsdMinor: FREE_SHIPPING_ABOVE_USD_MINOR,
  flatShippingUsdMinor: FLAT_SHIPPING_USD_MINOR,
  taxBasisPoints: TAX_PERCENT * 100,
};
