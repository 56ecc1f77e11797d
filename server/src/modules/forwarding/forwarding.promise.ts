import type { orders } from '../../db/schema.ts';
import { type MarketplaceAdapter, MarketplaceError } from '../marketplace/index.ts';

/** The supplier's latest delivery day for a line's service, counted from when the order was placed. */
export async function promisedByOf(
  marketplace: MarketplaceAdapter | undefined,
  order: typeof orders.$inferSelect,
  line: { aeProductId: string; aeSkuId: string; quantity: number; deliveryCode: string | null },
): Promise<Date | null> {
  const code = line.deliveryCode ?? order.logisticsServiceName;
  if (!marketplace || !code) return null;
  try {
    const options = await marketplace.getDeliveryOptions({
      productId: line.aeProductId,
      skuId: line.aeSkuId,
      country: order.shipCountry,
      quantity: line.quantity,
      currency: 'USD',
    });
    const days = options.find((option) => option.code === code)?.max_delivery_days;
    return days === undefined ? null : new Date(order.createdAt.getTime() + days * 86_400_000);
  } catch (error) {
    // Without the supplier's answer the parcel simply has no promise to be late against.
    if (error instanceof MarketplaceError) return null;
    throw error;
  }
}
