import type { FastifyBaseLogger } from 'fastify';
import { requireCustomer } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import {
  ApiError,
  conflict,
  notFound,
  paymentDeclined,
  serviceUnavailable,
  unprocessable,
} from '../../http/errors.ts';
import type { Replay } from '../../http/idempotency.ts';
import { operation } from '../../http/operation.ts';
import { isUuid } from '../../lib/ids.ts';
import { normaliseCode } from '../campaigns/index.ts';
import { markRecoveredOrder } from '../carts/index.ts';
import { ORDER_NOT_FOUND } from '../order-lifecycle/index.ts';
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
import { CouponRefused, checkCoupon } from './orders.coupons.ts';
import type { DeliveryQuoter } from './orders.delivery.ts';
import { assertPaymentAllows, OrderRejection, priceOrder } from './orders.priced.ts';
import {
  findCustomerOrder,
  listCustomerOrders,
  type PlaceOrderInput,
  placeOrder,
} from './orders.repository.ts';
import { orderLines, shippingAddressOf } from './orders.request.ts';
import { ONLY_HOSTED, toOrder, toQuote } from './orders.view.ts';

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
