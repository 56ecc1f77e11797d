import type { Transaction } from '../../db/client.ts';
import type { orders, parcelItems, supplierParcels } from '../../db/schema.ts';
import { convertMinor, decimalTextToMinor } from '../../money/money.ts';
import { type MarketplaceAdapter, MarketplaceError } from '../marketplace/index.ts';
import { belowMarginFloor, marginFloorOf } from '../suppliers/index.ts';

export type FailureClass = NonNullable<(typeof supplierParcels.$inferSelect)['failureClass']>;

/** The marketplace's refusal codes and the failure each one is (AliExpress's `error_code` of the order call). */
const CLASS_OF_CODE: Record<string, FailureClass> = {
  B_DROPSHIPPER_SKU_NOT_FOUND: 'sku_changed',
  SKU_NOT_EXIST: 'sku_changed',
  B_DROPSHIPPER_INVENTORY_SHORTAGE: 'out_of_stock',
  INVENTORY_NOT_ENOUGH: 'out_of_stock',
  B_DROPSHIPPER_DELIVERY_NOT_SUPPORTED: 'cannot_ship',
  DELIVERY_METHOD_NOT_EXIST: 'cannot_ship',
  B_DROPSHIPPER_PRODUCT_NOT_FOUND: 'link_expired',
  PRODUCT_OFFLINE: 'link_expired',
  B_DROPSHIPPER_ADDRESS_INVALID: 'address_rejected',
  ADDRESS_INVALID: 'address_rejected',
  B_DROPSHIPPER_PAYMENT_FAILED: 'payment_failed',
  PAYMENT_FAILED: 'payment_failed',
};

/** Codes not listed above, by what they name. */
const CLASS_OF_PATTERN: Array<[RegExp, FailureClass]> = [
  [/SKU/i, 'sku_changed'],
  [/INVENTORY|STOCK/i, 'out_of_stock'],
  [/DELIVERY|LOGISTIC/i, 'cannot_ship'],
  [/ADDRESS|CPF|ZIP|TAX_?NUMBER/i, 'address_rejected'],
  [/PRODUCT|ITEM|OFFLINE/i, 'link_expired'],
  [/PAY/i, 'payment_failed'],
];

/** Why a supplier order failed, by the marketplace's error code; a marketplace that could not be reached is transient. */
export function classifyFailure(error: MarketplaceError): FailureClass {
  if (error.kind === 'unreachable') return 'unreachable';
  const code = error.code ?? '';
  const known = CLASS_OF_CODE[code];
  if (known) return known;
  for (const [pattern, failure] of CLASS_OF_PATTERN) if (code && pattern.test(code)) return failure;
  return 'other';
}

/** Failures that go away on their own: tried again after 5 minutes, 30 minutes, 2 hours, then left to staff. */
export const TRANSIENT_FAILURES: readonly FailureClass[] = ['unreachable', 'payment_failed'];
export const RETRY_BACKOFF_MINUTES = [5, 30, 120] as const;

/**
 * When a parcel that failed with `failure` is tried again on its own, given how many transient failures in a row it
 * has had (this one included); null when it waits for staff.
 */
export function retryAtFor(failure: FailureClass, transientInARow: number, now: Date): Date | null {
  if (!TRANSIENT_FAILURES.includes(failure)) return null;
  const minutes = RETRY_BACKOFF_MINUTES[transientInARow - 1];
  return minutes === undefined ? null : new Date(now.getTime() + minutes * 60_000);
}

/**
 * The supplier's current cost of each line against what the shopper paid, before anything is ordered: a cost that
 * leaves less than the product's margin floor stops the parcel (price_above_floor). An item or SKU the supplier no
 * longer lists is left to the order call, whose refusal names it.
 */
export async function priceAboveFloor(
  tx: Transaction,
  marketplace: MarketplaceAdapter,
  order: typeof orders.$inferSelect,
  lines: Array<{
    item: typeof parcelItems.$inferSelect;
    productId: string | null;
    unitPriceMinor: number;
    name: string;
  }>,
): Promise<MarketplaceError | null> {
  for (const line of lines) {
    if (!line.productId) continue;
    const found = await marketplace.getProduct(line.item.aeProductId, {
      country: order.shipCountry,
      currency: 'USD',
    });
    const sku = found?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.find(
      (s) => s.sku_id === line.item.aeSkuId,
    );
    if (!found || !sku) continue;
    const costUsd = decimalTextToMinor(sku.offer_sale_price);
    if (costUsd === null) continue;
    const currency = found.ae_item_base_info_dto.currency_code || 'USD';
    if (currency !== 'USD') continue;
    const cost = convertMinor(costUsd, '1', order.rate, order.currency);
    const floor = await marginFloorOf(tx, line.productId);
    if (belowMarginFloor(line.unitPriceMinor, cost, floor)) {
      return new MarketplaceError(
        'rejected',
        `The supplier now asks ${sku.offer_sale_price} USD for ${line.name}, which leaves less than the ${floor}% margin floor.`,
        { code: 'PRICE_ABOVE_FLOOR' },
      );
    }
  }
  return null;
}
