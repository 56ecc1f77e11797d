import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campaigns, orderItems } from '../../db/schema.ts';

// What the shopper paid for a vendor's lines of an order: the lines' totals less the vendor's share of the
// order's coupon discount. The share:
// - the vendor's own coupon: its whole discount (it only ever applies to that vendor's lines);
// - another vendor's coupon, or free shipping (a discount on shipping, not on lines): none;
// - a store-wide coupon: the discount prorated over all the order's lines by value, each part rounded down and the
//   units left over handed to the largest remainders (the earlier line on a tie), so the parts add up exactly.

/** An order as its vendor figures need it. */
export interface OrderForFigures {
  id: string;
  discountMinor: number;
  campaignId: string | null;
}

/** The vendor's lines of an order: their total, the coupon's share of them, and what the shopper paid. */
export interface StoreLinesPaid {
  linesMinor: number;
  discountMinor: number;
  paidMinor: number;
}

/** Splits `amount` over `weights` in proportion; the parts are whole units and add up to `amount`. */
export function prorate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  // BigInt: amount × weight can pass 2^53 for large orders.
  const shares = weights.map((weight, index) => {
    const exact = BigInt(amount) * BigInt(weight);
    return { index, part: Number(exact / BigInt(total)), remainder: exact % BigInt(total) };
  });
  let left = amount - shares.reduce((sum, share) => sum + share.part, 0);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (left === 0) break;
    share.part += 1;
    left -= 1;
  }
  return shares.map((share) => share.part);
}

/** The coupon's share of one store's lines of an order (lines in the order's line order). */
export function storeDiscountMinor(input: {
  storeId: string;
  discountMinor: number;
  /** The coupon's campaign, when the order has one; null for none or a campaign no longer kept. */
  campaign: { storeId: string | null; type: string } | null;
  lines: readonly { storeId: string | null; lineTotalMinor: number }[];
}): number {
  const { storeId, discountMinor, campaign, lines } = input;
  if (discountMinor <= 0 || campaign?.type === 'free_shipping') return 0;
  const ownMinor = lines
    .filter((line) => line.storeId === storeId)
    .reduce((sum, line) => sum + line.lineTotalMinor, 0);
  if (campaign && campaign.storeId !== null) {
    return campaign.storeId === storeId ? Math.min(discountMinor, ownMinor) : 0;
  }
  const parts = prorate(
    discountMinor,
    lines.map((line) => line.lineTotalMinor),
  );
  return lines.reduce((sum, line, index) => sum + (line.storeId === storeId ? (parts[index] ?? 0) : 0), 0);
}

/** What the shopper paid for the store's lines of each order, by order id (orders without its lines: none). */
export async function storeLinesPaid(
  db: Database,
  storeId: string,
  orders: readonly OrderForFigures[],
): Promise<Map<string, StoreLinesPaid>> {
  const paid = new Map<string, StoreLinesPaid>();
  if (orders.length === 0) return paid;
  const campaignIds = [...new Set(orders.flatMap((order) => (order.campaignId ? [order.campaignId] : [])))];
  const [lines, campaignRows] = await Promise.all([
    db
      .select({
        orderId: orderItems.orderId,
        storeId: orderItems.storeId,
        lineTotalMinor: orderItems.lineTotalMinor,
      })
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          orders.map((order) => order.id),
        ),
      )
      .orderBy(asc(orderItems.orderId), asc(orderItems.position), asc(orderItems.id)),
    campaignIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: campaigns.id, storeId: campaigns.storeId, type: campaigns.type })
          .from(campaigns)
          .where(inArray(campaigns.id, campaignIds)),
  ]);
  const campaignOf = new Map(campaignRows.map((row) => [row.id, row]));
  const linesOf = new Map<string, typeof lines>();
  for (const line of lines) linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line]);
  for (const order of orders) {
    const orderLines = linesOf.get(order.id) ?? [];
    const linesMinor = orderLines
      .filter((line) => line.storeId === storeId)
      .reduce((sum, line) => sum + line.lineTotalMinor, 0);
    const discountMinor = storeDiscountMinor({
      storeId,
      discountMinor: order.discountMinor,
      campaign: (order.campaignId && campaignOf.get(order.campaignId)) || null,
      lines: orderLines,
    });
    paid.set(order.id, { linesMinor, discountMinor, paidMinor: linesMinor - discountMinor });
  }
  return paid;
}
