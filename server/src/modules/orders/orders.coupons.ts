import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campaigns, couponRedemptions, coupons, orders, products, stores } from '../../db/schema.ts';
import { BASE_RATE, convertMinor, decimalTextToMinor, toDecimalText } from '../../money/money.ts';
import {
  appliesTo,
  type CampaignRow,
  type CampaignType,
  COUPON_CODE,
  liveOrder,
  normaliseCode,
} from '../campaigns/index.ts';
import type { PricedOrder } from './orders.priced.ts';
import {
  computeOrderTotals,
  type OrderDiscount,
  type OrderLine,
  type OrderTotals,
  usdDiscountMinor,
} from './orders.pricing.ts';

// A coupon code at checkout: the quote checks it and shows its discount; the order checks it again inside its
// transaction, holding the campaign's row lock (SELECT ... FOR UPDATE) while it counts the uses and records its
// own, so two orders racing for a campaign's last use are served one after the other and only one gets it.

export type CouponRefusal =
  | 'unknown'
  | 'not_started'
  | 'expired'
  | 'used_up'
  | 'shopper_limit'
  | 'not_eligible'
  | 'below_minimum';

export interface AppliedCoupon {
  applied: true;
  code: string;
  couponId: string;
  campaignId: string;
  type: CampaignType;
  message: string;
  /** The order's totals with the discount. */
  totals: OrderTotals;
  /** The same discount in USD, for the campaign's results. */
  discountUsdMinor: number;
}

export interface RefusedCoupon {
  applied: false;
  code: string;
  reason: CouponRefusal;
  message: string;
  /** For below_minimum: the items total the code needs, in the order's currency. */
  minimumMinor?: number;
}

export type CouponCheck = AppliedCoupon | RefusedCoupon;

/** An order asked for a code that does not apply: nothing is placed, and the shopper is told why. */
export class CouponRefused extends Error {
  constructor(readonly check: RefusedCoupon) {
    super(check.message);
    this.name = 'CouponRefused';
  }
}

export const COUPON_MESSAGES = {
  unknown: 'There is no coupon with this code.',
  not_started: 'This code is not valid yet.',
  expired: 'This code has expired.',
  used_up: 'This code has been used up.',
  shopper_limit: 'You have already used this code as many times as allowed.',
  not_eligible: 'This code does not apply to the items in your order.',
} as const;

export const belowMinimumMessage = (minimumMinor: number, currency: string) =>
  `This code needs an order of at least ${currency} ${toDecimalText(minimumMinor)} in items.`;

export const appliedMessage = (code: string) => `Code ${code} applied.`;

/** A vendor's code in a cart without that vendor's products. */
export const otherStoreMessage = (storeName: string) =>
  `This code is for products from ${storeName} only, and your order has none of them.`;

function discountOf(campaign: CampaignRow): OrderDiscount {
  switch (campaign.type) {
    case 'percentage':
      // '12.50' percent is 1250 hundredths of a percent, as its decimal text read in hundredths.
      return { type: 'percentage', basisPoints: decimalTextToMinor(campaign.value) ?? 0 };
    case 'fixed':
      return { type: 'fixed', amountUsdMinor: decimalTextToMinor(campaign.value) ?? 0 };
    case 'free_shipping':
      return { type: 'free_shipping' };
  }
}

/** Uses of the campaign by live orders, in all and by one shopper. */
async function usesOf(tx: Database, campaignId: string, customerId: string | null) {
  const counted = (forShopper: boolean) =>
    tx
      .select({ uses: count() })
      .from(couponRedemptions)
      .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(
        and(
          eq(couponRedemptions.campaignId, campaignId),
          liveOrder,
          forShopper && customerId ? eq(couponRedemptions.customerId, customerId) : undefined,
        ),
      );
  // One after the other: `tx` may be a transaction's single connection.
  const [total] = await counted(false);
  const [own] = customerId ? await counted(true) : [undefined];
  return { total: total?.uses ?? 0, own: own?.uses ?? 0 };
}

/**
 * Whether `code` applies to a priced order, and with what totals. The checks, in order: the code exists; the
 * campaign has started and not ended; its uses in all and the shopper's own (when the shopper is known) are under
 * its limits; at least one line is eligible; the items total (a vendor's campaign: that vendor's lines) reaches the
 * minimum (the rule is in USD, like the shipping rule, and the message says it in the order's currency). With
 * `lock`, the campaign's row stays locked until the transaction ends, so the counts cannot change before this
 * order's use is recorded.
 */
export async function checkCoupon(
  tx: Database,
  priced: PricedOrder,
  request: { code: string; customerId: string | null; now: Date },
  options: { lock: boolean },
): Promise<CouponCheck> {
  const code = normaliseCode(request.code);
  const refuse = (reason: CouponRefusal, message: string, minimumMinor?: number): RefusedCoupon => ({
    applied: false,
    code,
    reason,
    message,
    ...(minimumMinor === undefined ? {} : { minimumMinor }),
  });
  if (!COUPON_CODE.test(code)) return refuse('unknown', COUPON_MESSAGES.unknown);
  const [coupon] = await tx
    .select({ id: coupons.id, campaignId: coupons.campaignId })
    .from(coupons)
    .where(eq(coupons.code, code));
  if (!coupon) return refuse('unknown', COUPON_MESSAGES.unknown);
  const byId = tx.select().from(campaigns).where(eq(campaigns.id, coupon.campaignId));
  const [campaign] = options.lock ? await byId.for('update') : await byId;
  if (!campaign) return refuse('unknown', COUPON_MESSAGES.unknown);

  if (request.now < campaign.startsAt) return refuse('not_started', COUPON_MESSAGES.not_started);
  if (request.now >= campaign.endsAt) return refuse('expired', COUPON_MESSAGES.expired);
  if (campaign.usageLimitTotal !== null || campaign.usageLimitPerShopper !== null) {
    const uses = await usesOf(tx, campaign.id, request.customerId);
    if (campaign.usageLimitTotal !== null && uses.total >= campaign.usageLimitTotal) {
      return refuse('used_up', COUPON_MESSAGES.used_up);
    }
    if (
      campaign.usageLimitPerShopper !== null &&
      request.customerId !== null &&
      uses.own >= campaign.usageLimitPerShopper
    ) {
      return refuse('shopper_limit', COUPON_MESSAGES.shopper_limit);
    }
  }

  const productIds = [...new Set(priced.lines.map(({ product }) => product.id))];
  const scopes = await tx
    .select({ id: products.id, storeId: products.storeId, categories: products.categories })
    .from(products)
    .where(inArray(products.id, productIds));
  const eligible = new Set(scopes.filter((scope) => appliesTo(campaign, scope)).map((scope) => scope.id));
  // A vendor's campaign looks at that vendor's lines only, for its minimum as for its discount.
  const storeOf = new Map(scopes.map((scope) => [scope.id, scope.storeId]));
  const counted = (productId: string) =>
    campaign.storeId === null || storeOf.get(productId) === campaign.storeId;
  const lines: Array<OrderLine & { counted: boolean }> = priced.lines.map(
    ({ line, product, unitPriceMinor, usdUnitPriceMinor, delivery }) => ({
      unitPriceMinor,
      usdUnitPriceMinor,
      quantity: line.quantity,
      ...(delivery ? { deliveryFeeMinor: delivery.feeMinor, deliveryFeeUsdMinor: delivery.feeUsdMinor } : {}),
      discountable: eligible.has(product.id),
      counted: counted(product.id),
    }),
  );
  if (!lines.some((line) => line.discountable)) {
    if (campaign.storeId !== null && !lines.some((line) => line.counted)) {
      const [store] = await tx
        .select({ name: stores.name })
        .from(stores)
        .where(eq(stores.id, campaign.storeId));
      if (store) return refuse('not_eligible', otherStoreMessage(store.name));
    }
    return refuse('not_eligible', COUPON_MESSAGES.not_eligible);
  }

  const usdItemsMinor = lines
    .filter((line) => line.counted)
    .reduce((sum, line) => sum + (line.usdUnitPriceMinor ?? 0) * line.quantity, 0);
  if (usdItemsMinor < campaign.minOrderUsdMinor) {
    const minimumMinor = convertMinor(campaign.minOrderUsdMinor, BASE_RATE, priced.rate, priced.currency);
    return refuse('below_minimum', belowMinimumMessage(minimumMinor, priced.currency), minimumMinor);
  }

  const discount = discountOf(campaign);
  return {
    applied: true,
    code,
    couponId: coupon.id,
    campaignId: campaign.id,
    type: campaign.type,
    message: appliedMessage(code),
    totals: computeOrderTotals(lines, priced.rate, priced.rules, discount, priced.currency),
    discountUsdMinor: usdDiscountMinor(lines, priced.rate, priced.rules, discount),
  };
}

/**
 * The order's pricing with its coupon applied, inside the order's transaction (the campaign stays locked until
 * it ends); throws CouponRefused when the code does not apply. Without a code, the pricing as it is.
 */
export async function withCoupon(
  tx: Database,
  priced: PricedOrder,
  request: { code: string; customerId: string; now: Date } | undefined,
): Promise<PricedOrder & { coupon: AppliedCoupon | null }> {
  if (request === undefined || normaliseCode(request.code) === '') return { ...priced, coupon: null };
  const check = await checkCoupon(tx, priced, request, { lock: true });
  if (!check.applied) throw new CouponRefused(check);
  return { ...priced, totals: check.totals, coupon: check };
}

/** Records the order's use of its code (in the order's transaction, after the order is written). */
export async function recordRedemption(
  tx: Database,
  coupon: AppliedCoupon,
  order: { id: string; customerId: string | null },
): Promise<void> {
  await tx.insert(couponRedemptions).values({
    couponId: coupon.couponId,
    campaignId: coupon.campaignId,
    orderId: order.id,
    customerId: order.customerId,
    discountMinor: coupon.totals.discountMinor,
    discountUsdMinor: coupon.discountUsdMinor,
  });
}
