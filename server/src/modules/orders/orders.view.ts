import type { components } from '@shop/sdk/types';
import { toAmount } from '../../money/money.ts';
import { SHOPPER_CANCELLABLE } from '../order-lifecycle/index.ts';
import { DEFAULT_TAX_LABEL } from '../pricing/index.ts';
import { refundNumber } from '../refunds/index.ts';
import type { CheckoutRules } from '../settings/index.ts';
import type { CouponCheck } from './orders.coupons.ts';
import type { PricedDelivery } from './orders.delivery.ts';
import { appliedDuty } from './orders.landed.ts';
import type { PricedOrder } from './orders.priced.ts';
import type { OrderItemRow, OrderRow, OrderWithDetails } from './orders.repository.ts';

type Order = components['schemas']['Order'];
type OrderQuote = components['schemas']['OrderQuote'];

type PaymentStatus = components['schemas']['PaymentStatus'];

/** Paid or not, and how much of it came back. */
export function paymentStatusOf(
  order: Pick<OrderRow, 'isPaid' | 'refundedMinor' | 'totalMinor'>,
): PaymentStatus {
  if (order.refundedMinor > 0) {
    return order.refundedMinor >= order.totalMinor ? 'Refunded' : 'Partially Refunded';
  }
  return order.isPaid ? 'Paid' : 'Unpaid';
}

/** The order's shipping address as the contract shows it: optional fields only when set. */
export function shippingAddressOf(order: OrderRow) {
  return {
    ...(order.shipFullName === null ? {} : { full_name: order.shipFullName }),
    address: order.shipAddress,
    city: order.shipCity,
    ...(order.shipProvince === null ? {} : { province: order.shipProvince }),
    postalCode: order.shipPostalCode,
    country: order.shipCountry,
    ...(order.shipMobileNo === null ? {} : { mobile_no: order.shipMobileNo }),
    ...(order.shipPhoneCountry === null ? {} : { phone_country: order.shipPhoneCountry }),
    logistics_service_name: order.logisticsServiceName,
  };
}

/** The supplier service a line ships with and its fee, as the shopper's and staff's order views show it. */
export function itemDelivery(
  item: Pick<OrderItemRow, 'deliveryCode' | 'deliveryCompany' | 'deliveryFeeMinor'>,
): components['schemas']['LineDelivery'] {
  return item.deliveryCode === null || item.deliveryFeeMinor === null
    ? null
    : {
        code: item.deliveryCode,
        company: item.deliveryCompany ?? item.deliveryCode,
        fee: toAmount(item.deliveryFeeMinor),
      };
}

/** The tax the order was priced with. */
export function orderTax(
  order: Pick<OrderRow, 'taxBasisPoints' | 'taxInclusive' | 'taxLabel'>,
): components['schemas']['AppliedTax'] {
  return { rate: order.taxBasisPoints / 100, inclusive: order.taxInclusive, label: order.taxLabel };
}

/** Methods only ever paid on a provider's page; card and PayPal are only when a provider for them is configured. */
export const ONLY_HOSTED: readonly string[] = ['SSLCommerz', 'bKash', 'Razorpay'];

/** Statuses in which an order paid on a provider's page may still be paid there. */
const PAYABLE_AGAIN: readonly string[] = ['Placed', 'Pending'];

export function toOrder(
  { order, items, history, refunds }: OrderWithDetails,
  /** Whether an unpaid order of this method can be paid on a provider's page (the configured providers). */
  payable: (method: string) => boolean = (method) => ONLY_HOSTED.includes(method),
): Order {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    user: order.customerId ?? '',
    items: items.map((item) => ({
      product: item.productId ?? '',
      sku_id: item.skuId,
      name: item.name,
      quantity: item.quantity,
      price: toAmount(item.unitPriceMinor),
      image: item.image,
      currency: item.currency,
      carrier: item.carrier,
      trackingNumber: item.trackingNumber,
      shippedAt: item.shippedAt?.toISOString() ?? null,
      delivery: itemDelivery(item),
    })),
    shippingAddress: shippingAddressOf(order),
    paymentMethod: order.paymentMethod as Order['paymentMethod'],
    currency: order.currency,
    itemsPrice: toAmount(order.itemsMinor),
    shippingPrice: toAmount(order.shippingMinor),
    taxPrice: toAmount(order.taxMinor),
    totalPrice: toAmount(order.totalMinor),
    paymentFee: toAmount(order.paymentFeeMinor),
    dutyPrice: toAmount(order.dutyMinor),
    dutyLabel: order.dutyLabel,
    tax: orderTax(order),
    discountPrice: toAmount(order.discountMinor),
    couponCode: order.couponCode,
    isPaid: order.isPaid,
    paidAt: order.paidAt?.toISOString() ?? null,
    isDelivered: order.isDelivered,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    status: order.status,
    statusHistory: history.map((entry) => ({
      status: entry.status,
      date: entry.at.toISOString(),
      by: entry.by,
      note: entry.note,
    })),
    createdAt: order.createdAt.toISOString(),
    paymentStatus: paymentStatusOf(order),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    refundedPrice: toAmount(order.refundedMinor),
    refunds: refunds.map((refund) => ({
      id: refundNumber(refund.number),
      amount: toAmount(refund.amountMinor),
      currency: refund.currency,
      status: refund.status,
      reason: refund.reason,
      createdAt: refund.createdAt.toISOString(),
      processedAt: refund.processedAt?.toISOString() ?? null,
    })),
    canCancel: SHOPPER_CANCELLABLE.includes(order.status),
    canPay: !order.isPaid && PAYABLE_AGAIN.includes(order.status) && payable(order.paymentMethod),
  };
}

/** The quote's coupon: what the shopper is told, and the minimum in the quote's currency when it is not met. */
export function toCouponCheck(check: CouponCheck): NonNullable<OrderQuote['coupon']> {
  if (check.applied) return { code: check.code, applied: true, message: check.message, type: check.type };
  return {
    code: check.code,
    applied: false,
    reason: check.reason,
    message: check.message,
    ...(check.minimumMinor === undefined ? {} : { minimumOrder: toAmount(check.minimumMinor) }),
  };
}

export function toQuote(
  { currency, lines, totals: listTotals, rules, rate }: PricedOrder,
  coupon: CouponCheck | null,
): OrderQuote {
  const totals = coupon?.applied ? coupon.totals : listTotals;
  return {
    currency,
    items: lines.map(({ line, product, sku, unitPriceMinor, delivery }) => ({
      product: product.id,
      sku_id: sku.skuId,
      name: product.title,
      quantity: line.quantity,
      price: toAmount(unitPriceMinor),
      lineTotal: toAmount(unitPriceMinor * line.quantity),
      image: sku.image ?? product.images[0] ?? null,
      delivery: lineDelivery(delivery),
    })),
    itemsPrice: toAmount(totals.itemsMinor),
    shippingPrice: toAmount(totals.shippingMinor),
    taxPrice: toAmount(totals.taxMinor),
    totalPrice: toAmount(totals.totalMinor),
    paymentFee: toAmount(totals.paymentFeeMinor),
    dutyPrice: toAmount(totals.dutyMinor),
    duty: appliedDuty(rules, rate, currency),
    tax: appliedTax(rules),
    deliveryPolicy: rules.deliveryPolicy ?? 'store_rule',
    ...(coupon ? { discountPrice: toAmount(totals.discountMinor), coupon: toCouponCheck(coupon) } : {}),
  };
}

/** A line's supplier service as the contract shows it; null when the line has none. */
function lineDelivery(delivery: PricedDelivery | null) {
  return delivery === null
    ? null
    : { code: delivery.code, company: delivery.company, fee: toAmount(delivery.feeMinor) };
}

/** The tax the amounts were priced with. */
export function appliedTax(rules: CheckoutRules) {
  return {
    rate: rules.taxBasisPoints / 100,
    inclusive: rules.taxInclusive ?? false,
    label: rules.taxLabel ?? DEFAULT_TAX_LABEL,
  };
}
