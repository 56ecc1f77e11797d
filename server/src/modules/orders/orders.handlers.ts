import type { components } from '@shop/sdk/types';
import type { FastifyBaseLogger } from 'fastify';
import { requireCustomer } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import type { RequestBody } from '../../http/contract-types.ts';
import {
  ApiError,
  conflict,
  notFound,
  paymentDeclined,
  serviceUnavailable,
  unprocessable,
  validationError,
} from '../../http/errors.ts';
import type { Replay } from '../../http/idempotency.ts';
import { operation } from '../../http/operation.ts';
import { isUuid } from '../../lib/ids.ts';
import { toAmount } from '../../money/money.ts';
import { normaliseCode } from '../campaigns/index.ts';
import { markRecoveredOrder } from '../carts/index.ts';
import { ORDER_NOT_FOUND, SHOPPER_CANCELLABLE } from '../order-lifecycle/index.ts';
import {
  type HostedPaymentProvider,
  type OpenedCheckout,
  openHostedCheckout,
  PaymentError,
  type PaymentGateways,
  providerTakes,
  type RefundRequest,
  recordPendingPayment,
  recordUncommittedCharge,
} from '../payments/index.ts';
import { DEFAULT_TAX_LABEL } from '../pricing/index.ts';
import { refundNumber } from '../refunds/index.ts';
import type { CheckoutRules } from '../settings/index.ts';
import { type CouponCheck, CouponRefused, checkCoupon } from './orders.coupons.ts';
import type { DeliveryQuoter, PricedDelivery } from './orders.delivery.ts';
import { appliedDuty } from './orders.landed.ts';
import {
  assertPaymentAllows,
  OrderRejection,
  type OrderRequestLine,
  type PricedOrder,
  priceOrder,
} from './orders.priced.ts';
import { MAX_LINE_QUANTITY } from './orders.pricing.ts';
import {
  findCustomerOrder,
  listCustomerOrders,
  type OrderWithDetails,
  type PlaceOrderInput,
  placeOrder,
} from './orders.repository.ts';
import { itemDelivery, orderTax, paymentStatusOf } from './orders.view.ts';

type Order = components['schemas']['Order'];
type OrderQuote = components['schemas']['OrderQuote'];
type PlaceOrderBody = RequestBody<'placeOrder'>;

export const PAYMENT_FAILED = 'The payment could not be taken. Please try again later.';

export const ORDER_PLACED = 'Order placed successfully!';

export const PRODUCT_NOT_FOR_SALE = 'Product not found.';

/** A retry's answer for an order placed under its Idempotency-Key whose first answer was lost. */
export function replayPlacedOrder(db: Database): Replay {
  return async (resource, request) => {
    const customer = requireCustomer(request);
    const found = await findCustomerOrder(db, customer.id, resource.replace(/^order:/, ''));
    return found
      ? { statusCode: 201, body: { success: true, message: ORDER_PLACED, data: toOrder(found) } }
      : null;
  };
}

/** Methods only ever paid on a provider's page; card and PayPal are only when a provider for them is configured. */
const ONLY_HOSTED: readonly string[] = ['SSLCommerz', 'bKash', 'Razorpay'];

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
    shippingAddress: {
      ...(order.shipFullName === null ? {} : { full_name: order.shipFullName }),
      address: order.shipAddress,
      city: order.shipCity,
      ...(order.shipProvince === null ? {} : { province: order.shipProvince }),
      postalCode: order.shipPostalCode,
      country: order.shipCountry,
      ...(order.shipMobileNo === null ? {} : { mobile_no: order.shipMobileNo }),
      ...(order.shipPhoneCountry === null ? {} : { phone_country: order.shipPhoneCountry }),
      logistics_service_name: order.logisticsServiceName,
    },
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
function toCouponCheck(check: CouponCheck): NonNullable<OrderQuote['coupon']> {
  if (check.applied) return { code: check.code, applied: true, message: check.message, type: check.type };
  return {
    code: check.code,
    applied: false,
    reason: check.reason,
    message: check.message,
    ...(check.minimumMinor === undefined ? {} : { minimumOrder: toAmount(check.minimumMinor) }),
  };
}

function toQuote(
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

/**
 * The order's lines as the quote and the order price them: repeated product + SKU lines become one line, which
 * together may not exceed the per-line limit; a product id that is not a uuid names no product (404).
 */
function orderLines(items: PlaceOrderBody['items']): OrderRequestLine[] {
  const lines: Array<OrderRequestLine & { index: number }> = [];
  for (const [index, item] of items.entries()) {
    const same = lines.find((line) => line.productId === item.product && line.skuId === item.sku_id);
    const service = item.logistics_service_name?.trim() || null;
    if (same) {
      same.quantity += item.quantity;
      same.service ??= service;
    } else
      lines.push({ productId: item.product, skuId: item.sku_id, quantity: item.quantity, service, index });
  }
  const tooMany = lines.find((line) => line.quantity > MAX_LINE_QUANTITY);
  if (tooMany) {
    throw validationError(
      [{ path: `/items/${tooMany.index}/quantity`, message: `must be <= ${MAX_LINE_QUANTITY}` }],
      `At most ${MAX_LINE_QUANTITY} of one item can be ordered at a time.`,
    );
  }
  // Not a uuid would make the uuid comparison fail in SQL.
  if (lines.some((line) => !isUuid(line.productId))) {
    throw notFound('A product in your order no longer exists.');
  }
  return lines.map(({ productId, skuId, quantity, service }) => ({ productId, skuId, quantity, service }));
}

/**
 * The checkout form's address or the spec's Order address (`postalCode` for `zip`). The schema asks for at least
 * one character; a field of spaces only is just as empty, so a required one is refused and an optional one dropped.
 */
export const CPF_NEEDED = 'Orders to Brazil need the receiver’s CPF (11 digits).';

function shippingAddressOf(address: PlaceOrderBody['shippingAddress']): PlaceOrderInput['address'] {
  const optional = (value: string | undefined) => value?.trim() || null;
  const postalCode = optional(address.zip) ?? optional(address.postalCode);
  const missing = [
    ...(address.address.trim() === '' ? ['address'] : []),
    ...(address.city.trim() === '' ? ['city'] : []),
    ...(postalCode === null ? ['zip'] : []),
  ];
  if (missing.length > 0) {
    throw validationError(
      missing.map((field) => ({ path: `/shippingAddress/${field}`, message: 'is required' })),
    );
  }
  const taxNumber = optional(address.tax_number)?.replace(/[.\-\s]/g, '') ?? null;
  // Brazil's customs name the receiver by CPF: the supplier refuses an order to Brazil without one.
  if (address.country === 'BR' && !/^\d{11}$/.test(taxNumber ?? '')) {
    throw validationError([{ path: '/shippingAddress/tax_number', message: CPF_NEEDED }]);
  }
  return {
    fullName: optional(address.full_name),
    address: address.address.trim(),
    city: address.city.trim(),
    province: optional(address.province),
    postalCode: postalCode ?? '',
    country: address.country,
    mobileNo: optional(address.mobile_no),
    phoneCountry: optional(address.phone_country),
    taxNumber,
    logisticsServiceName: optional(address.logistics_service_name),
  };
}

/** 422 naming the payment method: it is not taken for this order. */
const paymentMethodRefused = (message: string) =>
  new ApiError(422, 'UNPROCESSABLE', message, [{ path: '/paymentMethod', message }]);

export function fromRejection(error: OrderRejection): ApiError {
  switch (error.kind) {
    case 'not_found':
      return notFound(error.message);
    case 'out_of_stock':
      return conflict(error.message);
    case 'not_for_sale':
    case 'no_rate':
    case 'no_delivery':
      return unprocessable(error.message);
    case 'payment_unavailable':
      return paymentMethodRefused(error.message);
    case 'delivery_unavailable':
      return serviceUnavailable(error.message);
  }
}

/** Statuses in which an order paid on a provider's page may still be paid there. */
const PAYABLE_AGAIN: readonly string[] = ['Placed', 'Pending'];

export const PAYMENT_METHOD_UNAVAILABLE = 'This payment method is not available for your order.';
export const PAYMENT_NOT_STARTED = 'The payment could not be started. Please try again in a moment.';
export const NOT_PAYABLE_AGAIN =
  "This order cannot be paid again: it is paid, closed, or not paid on a provider's page.";

export function createOrderHandlers(deps: {
  db: Database;
  payments: PaymentGateways;
  /** This server's public origin: the providers' return and notification addresses are built on it. */
  publicUrl: string;
  /** The marketplace's freight quote, for supplier delivery. */
  quoteDelivery?: DeliveryQuoter;
}) {
  const { db, payments, quoteDelivery, publicUrl } = deps;
  const payable = (method: string) => payments.hostedFor(method) !== undefined;

  /** The hosted provider that takes `method` for this order, or a 422 naming the method. */
  function hostedProviderFor(method: string, country: string, currency: string): HostedPaymentProvider {
    const provider = payments.hostedFor(method);
    if (!provider || !providerTakes(provider, country, currency)) {
      throw paymentMethodRefused(PAYMENT_METHOD_UNAVAILABLE);
    }
    return provider;
  }

  /**
   * The money was taken but the order did not commit: it is paid back. Either way the charge is recorded without
   * an order; one whose refund failed stays paid, for staff to see on the Payments screen.
   */
  async function refundUncommitted(
    charge: RefundRequest & { reference: string; method: string },
    log: FastifyBaseLogger,
  ): Promise<void> {
    let refunded = false;
    try {
      await payments.refund(charge);
      refunded = true;
    } catch (error) {
      log.error(
        { err: error, gatewayRef: charge.gatewayRef },
        'a charge of an order that was not placed could not be refunded',
      );
    }
    try {
      await recordUncommittedCharge(db, {
        reference: charge.reference,
        provider: payments.name,
        method: charge.method,
        amountMinor: charge.amountMinor,
        currency: charge.currency,
        providerRef: charge.gatewayRef,
        now: new Date(),
        refunded,
      });
    } catch (error) {
      log.error({ err: error, gatewayRef: charge.gatewayRef }, 'an uncommitted charge could not be recorded');
    }
  }

  return {
    quoteOrder: operation('quoteOrder', async (request) => {
      const lines = orderLines(request.body.items);
      try {
        const country = request.body.country;
        const priced = await priceOrder(
          db,
          lines,
          request.body.currency ?? 'USD',
          country
            ? {
                country,
                customerId: request.auth?.kind === 'customer' ? request.auth.id : null,
                service: request.body.logistics_service_name?.trim() || null,
                ...(quoteDelivery ? { quoteDelivery } : {}),
                ...(request.body.paymentMethod ? { paymentMethod: request.body.paymentMethod } : {}),
              }
            : undefined,
        );
        const code = request.body.couponCode;
        const coupon =
          code === undefined || normaliseCode(code) === ''
            ? null
            : await checkCoupon(
                db,
                priced,
                {
                  code,
                  customerId: request.auth?.kind === 'customer' ? request.auth.id : null,
                  now: new Date(),
                },
                { lock: false },
              );
        if (country) {
          assertPaymentAllows(
            coupon?.applied ? { ...priced, totals: coupon.totals } : priced,
            request.body.paymentMethod,
            country,
          );
        }
        return { success: true, data: toQuote(priced, coupon) };
      } catch (error) {
        if (error instanceof OrderRejection) throw fromRejection(error);
        throw error;
      }
    }),

    placeOrder: operation('placeOrder', async (request, reply) => {
      const customer = requireCustomer(request);
      const { items, paymentMethod, card } = request.body;
      const lines = orderLines(items);
      const address = shippingAddressOf(request.body.shippingAddress);

      const currency = request.body.currency ?? 'USD';
      // Paid on a provider's page (SSLCommerz, bKash, PayPal when configured): placed unpaid, paid on its answer.
      const hostedProvider =
        payments.hostedFor(paymentMethod) || ONLY_HOSTED.includes(paymentMethod)
          ? hostedProviderFor(paymentMethod, address.country, currency)
          : null;
      // Card (with its details) and PayPal are otherwise paid through the direct provider; Bank Transfer, Cash on
      // Delivery, and a card order without details, wait for staff or the courier.
      const charged: Array<RefundRequest & { reference: string; method: string }> = [];
      const pay: PlaceOrderInput['pay'] =
        !hostedProvider && (paymentMethod === 'PayPal' || (paymentMethod === 'Credit Card' && card))
          ? async ({ reference, amountMinor, currency }) => {
              const result = await payments.charge({
                method: paymentMethod,
                amountMinor,
                currency,
                reference,
                ...(paymentMethod === 'Credit Card' && card ? { card } : {}),
              });
              if (result.status === 'declined') throw paymentDeclined(result.message);
              charged.push({
                gatewayRef: result.gatewayRef,
                amountMinor,
                currency,
                reference,
                method: paymentMethod,
              });
              return { gatewayRef: result.gatewayRef, provider: payments.name };
            }
          : undefined;

      let placed: Awaited<ReturnType<typeof placeOrder>>;
      try {
        placed = await placeOrder(db, {
          customer,
          currency,
          paymentMethod,
          ...(hostedProvider
            ? {
                hosted: {
                  provider: hostedProvider,
                  open: (charge) =>
                    openHostedCheckout(hostedProvider, publicUrl, {
                      ...charge,
                      description: `Order ${charge.reference}`,
                      customer: {
                        name: address.fullName ?? customer.name,
                        email: customer.email,
                        phone: [address.phoneCountry, address.mobileNo].filter(Boolean).join(' ') || null,
                        address: address.address,
                        city: address.city,
                        postalCode: address.postalCode,
                        country: address.country,
                      },
                    }),
                },
              }
            : {}),
          address,
          lines,
          ...(quoteDelivery ? { quoteDelivery } : {}),
          ...(pay ? { pay } : {}),
          ...(request.body.couponCode === undefined ? {} : { couponCode: request.body.couponCode }),
        });
      } catch (error) {
        for (const charge of charged) await refundUncommitted(charge, request.log);
        if (error instanceof OrderRejection) throw fromRejection(error);
        if (error instanceof CouponRefused) {
          throw new ApiError(422, 'UNPROCESSABLE', error.message, [
            { path: '/couponCode', message: error.message },
          ]);
        }
        if (error instanceof PaymentError) {
          throw serviceUnavailable(hostedProvider ? PAYMENT_NOT_STARTED : PAYMENT_FAILED);
        }
        throw error;
      }
      // Counted as recovered when a cart reminder's link was opened in the week before; the order stands regardless.
      await markRecoveredOrder(db, {
        id: placed.order.id,
        customerId: customer.id,
        placedAt: placed.order.createdAt,
      }).catch((error: unknown) => request.log.warn({ err: error }, 'recovered order not recorded'));
      reply.code(201);
      const data = toOrder(placed, payable);
      return {
        success: true,
        message: ORDER_PLACED,
        data: placed.checkout ? { ...data, paymentRedirect: placed.checkout.redirectUrl } : data,
      };
    }),

    listMyOrders: operation('listMyOrders', async (request) => {
      const customer = requireCustomer(request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { rows, total } = await listCustomerOrders(db, customer.id, { page, limit });
      return { success: true, data: rows.map((row) => toOrder(row, payable)), meta: { page, limit, total } };
    }),

    getMyOrder: operation('getMyOrder', async (request) => {
      const customer = requireCustomer(request);
      const { id } = request.params;
      const found = isUuid(id) ? await findCustomerOrder(db, customer.id, id) : null;
      if (!found) throw notFound(ORDER_NOT_FOUND);
      return { success: true, data: toOrder(found, payable) };
    }),

    startOrderPayment: operation('startOrderPayment', async (request) => {
      const customer = requireCustomer(request);
      const { id } = request.params;
      const found = isUuid(id) ? await findCustomerOrder(db, customer.id, id) : null;
      if (!found) throw notFound(ORDER_NOT_FOUND);
      const { order } = found;
      if (!toOrder(found, payable).canPay) throw conflict(NOT_PAYABLE_AGAIN);
      const provider = hostedProviderFor(order.paymentMethod, order.shipCountry, order.currency);
      let opened: OpenedCheckout;
      try {
        opened = await openHostedCheckout(provider, publicUrl, {
          reference: order.orderNumber,
          amountMinor: order.totalMinor,
          currency: order.currency,
          description: `Order ${order.orderNumber}`,
          customer: {
            name: order.shipFullName ?? order.customerName,
            email: order.customerEmail,
            phone: order.customerPhone,
            address: order.shipAddress,
            city: order.shipCity,
            postalCode: order.shipPostalCode,
            country: order.shipCountry,
          },
        });
      } catch (error) {
        if (error instanceof PaymentError) throw serviceUnavailable(PAYMENT_NOT_STARTED);
        throw error;
      }
      await recordPendingPayment(db, provider, opened, {
        id: order.id,
        reference: order.orderNumber,
        amountMinor: order.totalMinor,
        currency: order.currency,
        now: new Date(),
      });
      return { success: true, data: { redirectUrl: opened.redirectUrl } };
    }),
  };
}
