import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  orderItems,
  orderStatusHistory,
  orders,
  productSkus,
  products,
  refunds,
  stores,
} from '../../db/schema.ts';
import { bindToIdempotencyKey } from '../../http/idempotency.ts';
import { BASE_CURRENCY, converterFor, type Rates } from '../../money/money.ts';
import { recordRedemption, withCoupon } from '../campaigns/campaigns.checkout.ts';
import type { DeliveryOption } from '../marketplace/marketplace.types.ts';
import { contextFromRules } from '../pricing/pricing.repository.ts';
import { DEFAULT_TAX_LABEL, type PriceContext, shopperPrice, shownPrice } from '../pricing/pricing.rules.ts';
import { shopperVisible } from '../products/products.repository.ts';
import { loadRatesAndCheckoutRules } from '../settings/store-settings.repository.ts';
import {
  chooseDelivery,
  type DeliveryQuoter,
  type PricedDelivery,
  priceDeliveryOptions,
} from './orders.delivery.ts';
import {
  type CheckoutRules,
  computeOrderTotals,
  DEFAULT_CHECKOUT_RULES,
  type OrderTotals,
  salesChannel,
} from './orders.pricing.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type StatusHistoryRow = typeof orderStatusHistory.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
type ProductStatus = (typeof products.$inferSelect)['status'];
type StoreKind = (typeof stores.$inferSelect)['kind'];
export type PaymentMethod = 'Credit Card' | 'PayPal' | 'Bank Transfer';

export interface OrderWithDetails {
  order: OrderRow;
  items: OrderItemRow[];
  history: StatusHistoryRow[];
  refunds: RefundRow[];
}

/** Why an order cannot be placed; the handler turns each kind into its HTTP answer. */
export class OrderRejection extends Error {
  constructor(
    readonly kind:
      | 'not_found'
      | 'not_for_sale'
      | 'out_of_stock'
      | 'no_rate'
      | 'no_delivery'
      | 'delivery_unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'OrderRejection';
  }
}

export const outOfStockMessage = (name: string, available: number) =>
  available > 0 ? `Only ${available} left in stock for ${name}.` : `${name} is out of stock.`;

/** One line per product and SKU (the handler combines repeats); `service` names the delivery the shopper chose. */
export type OrderRequestLine = {
  productId: string;
  skuId: string;
  quantity: number;
  service?: string | null;
};

/** What the payment provider answered for a charge that went through. */
export interface Payment {
  gatewayRef: string;
}

export interface PlaceOrderInput {
  customer: { id: string; name: string; email: string };
  currency: string;
  paymentMethod: PaymentMethod;
  address: {
    fullName: string | null;
    address: string;
    city: string;
    province: string | null;
    postalCode: string;
    country: string;
    mobileNo: string | null;
    phoneCountry: string | null;
    logisticsServiceName: string | null;
  };
  lines: ReadonlyArray<OrderRequestLine>;
  /**
   * Takes the payment once the order is priced and its stock reserved, before anything is committed: null when
   * the order is placed unpaid; throwing (a decline) rolls the whole order back.
   */
  pay?: (charge: { reference: string; amountMinor: number; currency: string }) => Promise<Payment | null>;
  /** A campaign's coupon code: applied, or the order is refused (CouponRefused). */
  couponCode?: string;
  /** The marketplace's freight quote: supplier delivery is priced with it when the store's policy says so. */
  quoteDelivery?: DeliveryQuoter;
  now?: Date;
}

/**
 * A new `ORD-YYYYMMDD-NNNN` for the day of `at` (UTC): the number comes from a database sequence, unique across
 * days and instances, so no order is scanned and nothing waits on another order (at least four digits).
 */
export async function nextOrderNumber(tx: Database, at: Date): Promise<string> {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '');
  const [row] = await tx
    .select({ n: sql<string>`nextval('order_number_seq')::text` })
    .from(sql`(select 1) as one`);
  const next = row?.n;
  if (!next) throw new Error('order_number_seq gave no number');
  return `ORD-${day}-${next.padStart(4, '0')}`;
}

/** An order line with the catalogue's product and SKU it names. */
export interface CatalogueLine {
  line: OrderRequestLine;
  product: {
    id: string;
    title: string;
    status: ProductStatus;
    currency: string;
    images: string[];
    /** Imported products ship from their supplier; `marketplaceId` is the supplier's product id. */
    source: string;
    marketplaceId: string | null;
    /** The store that sells it, recorded on the order's line; null for a product without a store. */
    storeId: string | null;
    /** Its store's kind (the order's channel follows it); null for a product without a store. */
    storeKind: StoreKind | null;
  };
  sku: {
    id: string;
    skuId: string;
    salePriceMinor: number;
    /** The supplier cost of an imported SKU (its margin floor), null for products priced by hand. */
    costMinor: number | null;
    stock: number;
    image: string | null;
  };
}

export interface PricedLine extends CatalogueLine {
  /** The unit price in the order's currency, converted once from the product's own. */
  unitPriceMinor: number;
  /** The same in USD, where the free-shipping rule is applied. */
  usdUnitPriceMinor: number;
  /** Under the supplier delivery policy: the service the line ships with, and every service offered for it. */
  delivery: PricedDelivery | null;
  deliveryOptions: PricedDelivery[];
}

export interface PricedOrder {
  currency: string;
  /** Units of the order's currency per 1 USD: kept with the order, so reports convert with it. */
  rate: string;
  lines: PricedLine[];
  totals: OrderTotals;
  /** The checkout rules it was priced with. */
  rules: CheckoutRules;
}

/**
 * Prices an order from the catalogue without reserving anything: the quote and the order share it, so the
 * checkout shows what the order charges. Throws OrderRejection when an item is unknown, not for sale or short of
 * stock (a first look; the order's reservation settles races), or when a rate is missing.
 */
export async function priceOrder(
  tx: Database,
  lines: ReadonlyArray<OrderRequestLine>,
  currency: string,
  /**
   * Whose order: their ship-to country's price rule, tax and B2B prices apply (staff's manual orders have none);
   * `quoteDelivery` prices supplier delivery when the store's policy says so.
   */
  shopper?: {
    country: string;
    customerId: string | null;
    service?: string | null;
    quoteDelivery?: DeliveryQuoter;
    /** Price what is short of stock too (the product page's delivery fees for a SKU that is sold out). */
    anyStock?: boolean;
  },
): Promise<PricedOrder> {
  const catalogue = await catalogueLines(tx, lines, { anyStock: shopper?.anyStock ?? false });
  // One after the other: `tx` may be a transaction's single connection, and a query left pending there when the
  // connection drops would hold it (and the pool's shutdown) forever.
  const loaded = await loadRatesAndCheckoutRules(
    tx,
    [currency, BASE_CURRENCY, ...catalogue.map(({ product }) => product.currency)],
    shopper?.country.toUpperCase(),
  );
  const { rates, rules } = loaded;
  const pricing = shopper
    ? await contextFromRules(tx, { ...loaded.pricing, customerId: shopper.customerId, rates })
    : undefined;
  const supplierOptions =
    shopper?.quoteDelivery && rules.deliveryPolicy === 'supplier'
      ? await supplierDeliveryOptions(catalogue, shopper.country, shopper.quoteDelivery)
      : undefined;
  return priceCatalogueLines(catalogue, rates, currency, rules, pricing, {
    options: supplierOptions,
    service: shopper?.service ?? null,
  });
}

/**
 * Each imported line's supplier services to `country` (other lines: undefined). A supplier that cannot be reached
 * refuses the order rather than charging a fee nobody quoted; a line nothing ships to the country is refused too.
 */
async function supplierDeliveryOptions(
  catalogue: ReadonlyArray<CatalogueLine>,
  country: string,
  quote: DeliveryQuoter,
): Promise<Array<DeliveryOption[] | undefined>> {
  const answers: Array<DeliveryOption[] | undefined> = [];
  for (const { line, product } of catalogue) {
    if (product.source !== 'aliexpress' || product.marketplaceId === null) {
      answers.push(undefined);
      continue;
    }
    let options: DeliveryOption[];
    try {
      options = await quote({
        productId: product.marketplaceId,
        skuId: line.skuId,
        country: country.toUpperCase(),
        quantity: line.quantity,
        currency: BASE_CURRENCY,
      });
    } catch {
      throw new OrderRejection(
        'delivery_unavailable',
        'Delivery fees cannot be quoted right now. Please try again in a moment.',
      );
    }
    if (options.length === 0) {
      throw new OrderRejection(
        'no_delivery',
        `${product.title} cannot be delivered to ${country.toUpperCase()}.`,
      );
    }
    answers.push(options);
  }
  return answers;
}

/** The catalogue's product and SKU for each line, refusing what cannot be bought (no locks taken). */
export async function catalogueLines(
  tx: Database,
  lines: ReadonlyArray<OrderRequestLine>,
  options: { anyStock?: boolean } = {},
): Promise<CatalogueLine[]> {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  // One round: each product with the asked SKUs it has (none: a row with a null SKU, for the right message).
  const rows = await tx
    .select({
      product: {
        id: products.id,
        title: products.title,
        status: products.status,
        currency: products.currency,
        images: products.images,
        source: products.source,
        marketplaceId: products.productId,
        storeId: products.storeId,
      },
      sku: {
        id: productSkus.id,
        productId: productSkus.productId,
        skuId: productSkus.skuId,
        salePriceMinor: productSkus.salePriceMinor,
        costMinor: sql<
          number | null
        >`case when ${products.source} = 'aliexpress' then ${productSkus.supplierPriceMinor} end`,
        stock: productSkus.stock,
        image: productSkus.image,
      },
      store: { kind: stores.kind },
      forSale: sql<boolean>`${shopperVisible}`,
    })
    .from(products)
    .leftJoin(stores, eq(stores.id, products.storeId))
    .leftJoin(
      productSkus,
      and(
        eq(productSkus.productId, products.id),
        inArray(
          productSkus.skuId,
          lines.map((line) => line.skuId),
        ),
      ),
    )
    .where(inArray(products.id, productIds));
  const productRows = rows.map((row) => ({
    ...row.product,
    storeKind: row.store?.kind ?? null,
    forSale: row.forSale,
  }));
  const skuRows = rows.flatMap((row) => (row.sku ? [row.sku] : []));

  const productById = new Map(productRows.map((row) => [row.id, row]));
  const skuByKey = new Map(skuRows.map((row) => [`${row.productId} ${row.skuId}`, row]));
  return lines.map((line) => {
    const product = productById.get(line.productId);
    if (!product) throw new OrderRejection('not_found', 'A product in your order no longer exists.');
    // What shoppers cannot see they cannot buy: drafts, products awaiting approval, a suspended store's.
    if (!product.forSale) {
      throw new OrderRejection('not_for_sale', `${product.title} is not for sale.`);
    }
    const sku = skuByKey.get(`${product.id} ${line.skuId}`);
    if (!sku) {
      throw new OrderRejection('not_found', `The chosen option of ${product.title} is not available.`);
    }
    // A first look without locks, so an obvious shortage is refused before anything is locked.
    const available = product.status === 'out_of_stock' ? 0 : sku.stock;
    if (line.quantity > available && !options.anyStock) {
      throw new OrderRejection('out_of_stock', outOfStockMessage(product.title, available));
    }
    const { forSale: _forSale, ...shown } = product;
    return { line, product: shown, sku };
  });
}

/**
 * The pricing rule on catalogue lines: each unit price is the SKU's sale price converted once into the order's
 * currency (and once into USD, where the shipping rule is applied); the totals follow computeOrderTotals.
 */
export function priceCatalogueLines(
  catalogue: ReadonlyArray<CatalogueLine>,
  rates: Rates,
  currency: string,
  rules: CheckoutRules = DEFAULT_CHECKOUT_RULES,
  pricing?: PriceContext,
  /** Supplier services per line (under the supplier policy) and the service named for lines that name none. */
  delivery?: { options: ReadonlyArray<DeliveryOption[] | undefined> | undefined; service: string | null },
): PricedOrder {
  const rate = rates.get(currency);
  const toOrderCurrency = converterFor(rates, currency);
  const toUsd = converterFor(rates, BASE_CURRENCY);
  const noRate = () => new OrderRejection('no_rate', `Prices cannot be shown in ${currency} right now.`);
  if (rate === undefined) throw noRate();
  const lines = catalogue.map((entry, index): PricedLine => {
    // What the shopper pays in the product's currency: the store price with their country's rule and B2B prices.
    const price = pricing
      ? shopperPrice(entry.sku.salePriceMinor, entry.sku.costMinor, entry.product.currency, pricing)
      : entry.sku.salePriceMinor;
    // Converted once, then the country's included tax and the currency's rounding, as the card and page show it.
    const converted = toOrderCurrency(price, entry.product.currency);
    const usdConverted = toUsd(price, entry.product.currency);
    if (converted === null || usdConverted === null) throw noRate();
    const unitPriceMinor = shownPrice(converted, currency, pricing?.shown);
    const usdUnitPriceMinor = currency === BASE_CURRENCY ? unitPriceMinor : usdConverted;
    const supplier = delivery?.options?.[index];
    const deliveryOptions = supplier
      ? priceDeliveryOptions(supplier, rules.supplierMarkupBasisPoints ?? 0, rates, currency)
      : [];
    const chosen = supplier
      ? chooseDelivery(deliveryOptions, entry.line.service ?? delivery?.service)
      : undefined;
    return { ...entry, unitPriceMinor, usdUnitPriceMinor, delivery: chosen ?? null, deliveryOptions };
  });
  const totals = computeOrderTotals(
    lines.map(({ line, unitPriceMinor, usdUnitPriceMinor, delivery: chosen }) => ({
      unitPriceMinor,
      usdUnitPriceMinor,
      quantity: line.quantity,
      ...(chosen ? { deliveryFeeMinor: chosen.feeMinor, deliveryFeeUsdMinor: chosen.feeUsdMinor } : {}),
    })),
    rate,
    rules,
    undefined,
    currency,
  );
  return { currency, rate, lines, totals, rules };
}

/**
 * The delivery service the order records: the services its lines ship with (one name when they share it), or the
 * one the shopper named when no line ships with a supplier service.
 */
function recordedService(named: string | null, lines: ReadonlyArray<PricedLine>): string | null {
  const services = [...new Set(lines.flatMap(({ delivery }) => (delivery ? [delivery.company] : [])))];
  return services.length > 0 ? services.join(', ') : named;
}

/**
 * Places a shopper's order in one transaction: prices it (priceOrder), reserves the stock with conditional
 * updates (so concurrent orders can never take more than there is), takes the payment, and writes the order, its
 * items and its first status. Throws OrderRejection, rolling everything back, when an item is unknown, not for
 * sale or short of stock, and rolls back too when the payment throws. Answers the new order's id.
 */
export async function placeOrder(db: Database, input: PlaceOrderInput): Promise<OrderWithDetails> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const {
      lines: priced,
      totals,
      rate,
      currency,
      coupon,
      rules,
    } = await withCoupon(
      tx,
      await priceOrder(tx, input.lines, input.currency, {
        country: input.address.country,
        customerId: input.customer.id,
        service: input.address.logisticsServiceName,
        ...(input.quoteDelivery ? { quoteDelivery: input.quoteDelivery } : {}),
      }),
      input.couponCode === undefined
        ? undefined
        : { code: input.couponCode, customerId: input.customer.id, now },
    );

    // Reserve stock. Rows are locked in one fixed order (SKUs, then products, each by id) so two orders
    // sharing items wait for each other instead of deadlocking.
    for (const { line, product, sku } of [...priced].sort((a, b) => compare(a.sku.id, b.sku.id))) {
      const taken = await tx
        .update(productSkus)
        .set({ stock: sql`${productSkus.stock} - ${line.quantity}` })
        .where(and(eq(productSkus.id, sku.id), gte(productSkus.stock, line.quantity)))
        .returning({ stock: productSkus.stock });
      if (taken.length === 0) {
        const [current] = await tx
          .select({ stock: productSkus.stock })
          .from(productSkus)
          .where(eq(productSkus.id, sku.id));
        throw new OrderRejection('out_of_stock', outOfStockMessage(product.title, current?.stock ?? 0));
      }
    }
    const quantityByProduct = new Map<string, number>();
    for (const { line } of priced) {
      quantityByProduct.set(line.productId, (quantityByProduct.get(line.productId) ?? 0) + line.quantity);
    }
    for (const productId of [...quantityByProduct.keys()].sort(compare)) {
      const quantity = quantityByProduct.get(productId) ?? 0;
      // SET expressions read the row's old values: the status flips when this order takes the last unit.
      await tx
        .update(products)
        .set({
          stock: sql`greatest(${products.stock} - ${quantity}, 0)`,
          status: sql`case when ${products.stock} - ${quantity} <= 0 and ${products.status} = 'published' then 'out_of_stock'::product_status else ${products.status} end`,
          salesCount: sql`${products.salesCount} + ${quantity}`,
          updatedAt: now,
        })
        .where(eq(products.id, productId));
    }

    const orderNumber = await nextOrderNumber(tx, now);
    // Charged only now, for the amount just priced, while the stock is held; a decline throws and nothing stays.
    const payment = input.pay
      ? await input.pay({ reference: orderNumber, amountMinor: totals.totalMinor, currency })
      : null;
    const { address } = input;
    const phone = [address.phoneCountry, address.mobileNo].filter(Boolean).join(' ');
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber,
        customerId: input.customer.id,
        customerName: input.customer.name,
        customerEmail: input.customer.email,
        customerPhone: phone === '' ? null : phone,
        channel: salesChannel(priced.map(({ product }) => product.storeKind)),
        status: 'Placed',
        currency,
        rate,
        ...totals,
        taxBasisPoints: rules.taxBasisPoints,
        taxInclusive: rules.taxInclusive ?? false,
        taxLabel: rules.taxLabel ?? DEFAULT_TAX_LABEL,
        couponCode: coupon?.code ?? null,
        campaignId: coupon?.campaignId ?? null,
        isPaid: payment !== null,
        paidAt: payment ? now : null,
        paymentRef: payment?.gatewayRef ?? null,
        isDelivered: false,
        paymentMethod: input.paymentMethod,
        shipFullName: address.fullName,
        shipAddress: address.address,
        shipCity: address.city,
        shipProvince: address.province,
        shipPostalCode: address.postalCode,
        shipCountry: address.country,
        shipMobileNo: address.mobileNo,
        shipPhoneCountry: address.phoneCountry,
        logisticsServiceName: recordedService(address.logisticsServiceName, priced),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!order) throw new Error('order insert returned no row');
    await bindToIdempotencyKey(tx, `order:${order.id}`);
    // What was written comes back from the writes themselves: no reading the order again.
    const items = await tx
      .insert(orderItems)
      .values(
        priced.map(({ line, product, sku, unitPriceMinor, delivery }, position) => ({
          orderId: order.id,
          productId: product.id,
          skuId: sku.skuId,
          name: product.title,
          image: sku.image ?? product.images[0] ?? null,
          quantity: line.quantity,
          unitPriceMinor,
          lineTotalMinor: unitPriceMinor * line.quantity,
          currency,
          position,
          storeId: product.storeId,
          deliveryCode: delivery?.code ?? null,
          deliveryCompany: delivery?.company ?? null,
          deliveryFeeMinor: delivery?.feeMinor ?? null,
        })),
      )
      .returning();
    if (coupon) await recordRedemption(tx, coupon, order);
    const history = await tx
      .insert(orderStatusHistory)
      .values({
        orderId: order.id,
        status: 'Placed',
        by: input.customer.name,
        actorType: 'customer',
        at: now,
      })
      .returning();
    return { order, items, history, refunds: [] };
  });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function withDetails(db: Database, rows: OrderRow[]): Promise<OrderWithDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, history, refundRows] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(asc(orderStatusHistory.orderId), asc(orderStatusHistory.at)),
    db
      .select()
      .from(refunds)
      .where(inArray(refunds.orderId, ids))
      .orderBy(asc(refunds.orderId), asc(refunds.createdAt), asc(refunds.number)),
  ]);
  return rows.map((order) => ({
    order,
    items: items.filter((item) => item.orderId === order.id),
    history: history.filter((entry) => entry.orderId === order.id),
    refunds: refundRows.filter((refund) => refund.orderId === order.id),
  }));
}

/** One of the shopper's own orders; another shopper's order is treated as missing. */
export async function findCustomerOrder(
  db: Database,
  customerId: string,
  orderId: string,
): Promise<OrderWithDetails | null> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .limit(1);
  const [found] = await withDetails(db, rows);
  return found ?? null;
}

/** One page of the shopper's orders, newest first, and how many there are in all. */
export async function listCustomerOrders(
  db: Database,
  customerId: string,
  page: { page: number; limit: number },
): Promise<{ rows: OrderWithDetails[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.customerId, customerId))
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(orders).where(eq(orders.customerId, customerId)),
  ]);
  return { rows: await withDetails(db, rows), total: counted?.total ?? 0 };
}
