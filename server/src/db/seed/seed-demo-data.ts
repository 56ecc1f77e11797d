import { count, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.ts';
import { computeOrderTotals } from '../../modules/orders/orders.pricing.ts';
import { nextOrderNumber } from '../../modules/orders/orders.repository.ts';
import { paymentConfirmedNote } from '../../modules/orders/orders.status.ts';
import { readPricingRules, repriceImported } from '../../modules/pricing/pricing.repository.ts';
import { insertNormalizedProduct } from '../../modules/products/products.repository.ts';
import { BASE_CURRENCY, BASE_RATE, convertMinor, loadRates } from '../../money/money.ts';
import type { Database } from '../client.ts';
import {
  activityLog,
  admins,
  apiDailyCounts,
  banners,
  blogPosts,
  currencyRates,
  customers,
  disputeMessages,
  disputes,
  orderItems,
  orderStatusHistory,
  orders,
  productSkus,
  products,
  refunds,
  reviews,
  siteVisits,
  storeFollows,
  storeSettings,
  stores,
  wishlistEntries,
} from '../schema.ts';
import { DEMO_ADMIN, SHOPPERS, STAFF } from './accounts.ts';
import { buildSeedCatalogue, type SeedProduct, STORES, type StoreKey } from './catalogue.ts';
import { CURRENCY_RATES } from './currencies.ts';
import { SEED_BANNERS, SEED_POSTS } from './marketing.ts';
import { ADDRESSES, SEED_DISPUTES, SEED_ORDERS, type ShopperKey, statusPath } from './orders.ts';

export interface SeedOptions {
  /** Origin the server is reached at; picture addresses are built on it. */
  publicUrl: string;
  /** The moment "now" for the relative dates of orders, disputes and visits. */
  now?: Date;
}

export type SeedResult = { seeded: false } | { seeded: true; counts: Record<string, number> };

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The staff member who moved the demo orders along. */
const SUPPORT_NAME = 'Sadia Islam';

function rateOf(code: string): string {
  const rate = CURRENCY_RATES.find((row) => row.code === code)?.rate;
  if (rate === undefined) throw new Error(`no seeded rate for ${code}`);
  return rate;
}

/** A small deterministic generator, so every seeded database holds the same figures. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Fills an empty database with demo data (docs/conventions.md names the sign-ins) in one transaction.
 * A database that already holds accounts or products is left alone, so running it twice adds nothing; an
 * advisory lock keeps two instances starting together from both seeding.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

  // The slow parts (password hashing, reading the fixture catalogue) happen before the transaction opens.
  const [staff, shoppers, catalogue] = await Promise.all([
    Promise.all(
      STAFF.map(async ({ password, ...admin }) => ({ ...admin, passwordHash: await hashPassword(password) })),
    ),
    Promise.all(
      SHOPPERS.map(async ({ password, ...customer }) => ({
        ...customer,
        passwordHash: await hashPassword(password),
      })),
    ),
    buildSeedCatalogue(options.publicUrl),
  ]);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop:seed-demo-data'))`);
    for (const table of [admins, customers, products]) {
      const [any] = await tx.select({ one: sql`1` }).from(table).limit(1);
      if (any) return { seeded: false } as const;
    }

    // Accounts, spread over the last two months so "new this month" figures have something to show.
    const adminRows = await tx
      .insert(admins)
      .values(staff.map((admin, index) => ({ ...admin, createdAt: ago((60 - index * 5) * 24) })))
      .returning();
    const customerRows = await tx
      .insert(customers)
      .values(shoppers.map((customer, index) => ({ ...customer, createdAt: ago((45 - index * 15) * 24) })))
      .returning();
    const customerByKey = (key: ShopperKey) => {
      const row = customerRows.find((c) => c.username === key);
      if (!row) throw new Error(`seed shopper ${key} missing`);
      return row;
    };
    const adminByName = (name: string) => adminRows.find((a) => a.name === name);

    await tx.insert(currencyRates).values(CURRENCY_RATES.map((rate) => ({ ...rate, updatedAt: ago(6) })));
    // Two of the store's markets show prices with their tax in them, as shoppers there expect; other countries
    // keep the default tax, added at checkout.
    const taxRules = [
      { country: 'ES', basisPoints: 2100, inclusive: true, label: 'IVA' },
      { country: 'IN', basisPoints: 1800, inclusive: true, label: 'GST' },
    ];
    // A dropshipping store charges each supplier service's fee, as the product page quotes it.
    const demoSettings = { taxRules, deliveryPolicy: 'supplier' as const };
    await tx
      .insert(storeSettings)
      .values({ id: 1, ...demoSettings })
      .onConflictDoUpdate({ target: storeSettings.id, set: demoSettings });

    const storeKeys = Object.keys(STORES) as StoreKey[];
    const storeRows = await tx
      .insert(stores)
      .values(
        await Promise.all(
          storeKeys.map(async (key) => {
            const { password, ...store } = STORES[key];
            const passwordHash = password ? await hashPassword(password) : null;
            return { ...store, passwordHash, createdAt: ago(90 * 24) };
          }),
        ),
      )
      .returning();
    const storeId = (key: StoreKey) => {
      const row = storeRows[storeKeys.indexOf(key)];
      if (!row) throw new Error(`seed store ${key} missing`);
      return row.id;
    };

    // Products, newest first in the order listed, a day and a half apart.
    const productByKey = new Map<string, { id: string; seed: SeedProduct }>();
    for (const [index, item] of catalogue.entries()) {
      const { store, ...fields } = item.fields;
      const row = await insertNormalizedProduct(tx, item.normalized, {
        ...fields,
        storeId: store ? storeId(store) : null,
        createdAt: ago(index * 36 + 2),
      });
      productByKey.set(item.key, { id: row.id, seed: item });
    }
    // The imported items' supplier costs are the marketplace's prices (as the fixture marketplace offers them, so a
    // sync finds nothing moved); the store sells them at the prices the store's markup makes from those costs, as
    // an import from the integration screen is priced, so the demo's margins are real.
    await tx.execute(sql`
      update product_skus s set supplier_price_minor = s.sale_price_minor
      from products p where p.id = s.product_id and p.source = 'aliexpress'`);
    await repriceImported(tx, await readPricingRules(tx), await loadRates(tx));
    // Priced as they were imported: repricing's "updated now" would date them by the clock, not by `now`.
    await tx.execute(sql`update products set updated_at = created_at where source = 'aliexpress'`);
    const storePrices = new Map(
      (
        await tx
          .select({
            productId: productSkus.productId,
            skuId: productSkus.skuId,
            sale: productSkus.salePriceMinor,
          })
          .from(productSkus)
      ).map((sku) => [`${sku.productId}:${sku.skuId}`, sku.sale]),
    );
    const product = (key: string) => {
      const found = productByKey.get(key);
      if (!found) throw new Error(`seed product ${key} missing`);
      return found;
    };

    // Orders, numbered as the store numbers them (ORD-YYYYMMDD-NNNN from the order number sequence).
    const orderByRef = new Map<string, typeof orders.$inferSelect>();
    for (const spec of SEED_ORDERS) {
      const placedAt = ago(spec.hoursAgo);
      const orderNumber = await nextOrderNumber(tx, placedAt);
      // Priced as a shopper's order is: each unit price converted once into the order's currency at the seeded
      // rate, which the order keeps.
      const currency = spec.currency ?? BASE_CURRENCY;
      const rate = rateOf(currency);
      const priced = spec.items.map(({ product: key, quantity }) => {
        const { id, seed } = product(key);
        const sku = seed.normalized.skus.find((s) => s.stock > 0) ?? seed.normalized.skus[0];
        if (!sku) throw new Error(`seed product ${key} has no SKU`);
        // At the store's price, not the marketplace's: imported items were marked up above.
        const storePrice = storePrices.get(`${id}:${sku.skuId}`);
        if (storePrice === undefined) throw new Error(`seed SKU ${sku.skuId} missing`);
        const productRate = rateOf(seed.normalized.currency);
        const unitPriceMinor = convertMinor(storePrice, productRate, rate, currency);
        return {
          usdUnitPriceMinor: convertMinor(storePrice, productRate, BASE_RATE),
          line: {
            productId: id,
            storeId: seed.fields.store ? storeId(seed.fields.store) : null,
            skuId: sku.skuId,
            name: seed.normalized.title,
            image: sku.image ?? seed.normalized.images[0] ?? null,
            quantity,
            unitPriceMinor,
            lineTotalMinor: unitPriceMinor * quantity,
            currency,
          },
        };
      });
      const lines = priced.map(({ line }) => line);
      const totals = computeOrderTotals(
        priced.map(({ line, usdUnitPriceMinor }) => ({
          unitPriceMinor: line.unitPriceMinor,
          usdUnitPriceMinor,
          quantity: line.quantity,
        })),
        rate,
        undefined,
        undefined,
        currency,
      );
      const customer = customerByKey(spec.customer);
      const address = ADDRESSES[spec.customer];
      const path = statusPath(spec.status);
      const delivered = spec.status === 'Delivered' || spec.status === 'Completed';
      const shipped = path.includes('Shipped');
      // Bank transfers are paid outside the store: staff confirmed the payment when they confirmed the order.
      const confirmedByHand = spec.paymentMethod === 'Bank Transfer' && spec.paid;
      // Each step a day after the previous one, never later than now.
      const stepAt = (step: number) =>
        new Date(Math.min(placedAt.getTime() + step * DAY, now.getTime() - HOUR));
      const [order] = await tx
        .insert(orders)
        .values({
          orderNumber,
          customerId: customer.id,
          customerName: customer.name,
          customerEmail: customer.email,
          customerPhone: customer.phone,
          channel: spec.channel,
          status: spec.status,
          currency,
          rate,
          ...totals,
          refundedMinor: spec.status === 'Cancelled' && spec.paid ? totals.totalMinor : 0,
          refundedAt: spec.status === 'Cancelled' && spec.paid ? stepAt(2) : null,
          isPaid: spec.paid,
          paidAt: !spec.paid
            ? null
            : confirmedByHand
              ? stepAt(path.indexOf('Confirmed'))
              : new Date(placedAt.getTime() + 10 * 60 * 1000),
          isDelivered: delivered,
          deliveredAt: delivered ? stepAt(path.indexOf('Delivered')) : null,
          paymentMethod: spec.paymentMethod,
          paymentRef: spec.paid ? orderNumber.replace('ORD-', 'PAY-') : null,
          shipFullName: address.fullName,
          shipAddress: address.address,
          shipCity: address.city,
          shipProvince: address.province,
          shipPostalCode: address.postalCode,
          shipCountry: address.country,
          shipMobileNo: address.mobileNo,
          shipPhoneCountry: address.phoneCountry,
          logisticsServiceName: spec.logistics,
          trackingNumber: shipped ? `LP00${orderNumber.slice(4).replace('-', '')}CN` : null,
          carrier: shipped ? 'Cainiao' : null,
          shippedAt: shipped ? stepAt(path.indexOf('Shipped')) : null,
          reason: spec.reason ?? null,
          createdAt: placedAt,
          updatedAt: stepAt(path.length - 1),
        })
        .returning();
      if (!order) throw new Error('order insert returned no row');
      orderByRef.set(spec.ref, order);
      await tx
        .insert(orderItems)
        .values(lines.map((line, position) => ({ ...line, orderId: order.id, position })));
      await tx.insert(orderStatusHistory).values(
        path.map((status, step) => {
          const actorType = step === 0 ? 'customer' : status === 'Failed' ? 'system' : 'admin';
          return {
            orderId: order.id,
            status,
            by: actorType === 'customer' ? customer.name : actorType === 'system' ? 'system' : SUPPORT_NAME,
            actorType,
            note:
              status === 'Cancelled' || status === 'Failed'
                ? (spec.reason ?? null)
                : status === 'Confirmed' && confirmedByHand && order.paymentRef
                  ? paymentConfirmedNote(order.paymentRef)
                  : null,
            at: step === 0 ? placedAt : stepAt(step),
          } as const;
        }),
      );
      // A paid order that was cancelled was paid back in full.
      if (spec.status === 'Cancelled' && spec.paid) {
        await tx.insert(refunds).values({
          orderId: order.id,
          amountMinor: order.totalMinor,
          currency: order.currency,
          status: 'Completed',
          reason: spec.reason ?? 'Order cancelled',
          createdBy: SUPPORT_NAME,
          processedBy: SUPPORT_NAME,
          gatewayRef: `RE-${order.paymentRef ?? order.orderNumber}`,
          createdAt: stepAt(path.length - 1),
          processedAt: stepAt(path.length - 1),
        });
      }
    }

    for (const spec of SEED_DISPUTES) {
      const openedAt = ago(spec.hoursAgo);
      const order = spec.order ? orderByRef.get(spec.order) : undefined;
      const lastMessageHours = Math.max(0, ...spec.messages.map((m) => m.afterHours));
      const [dispute] = await tx
        .insert(disputes)
        .values({
          customerId: customerByKey(spec.customer).id,
          orderId: order?.id ?? null,
          orderRef: order?.orderNumber ?? null,
          subject: spec.subject,
          description: spec.description,
          category: spec.category,
          priority: spec.priority,
          status: spec.status,
          evidence: [],
          ...(spec.resolution
            ? {
                resolutionAction: spec.resolution.action,
                resolutionAmountMinor: spec.resolution.amountMinor ?? order?.totalMinor ?? null,
                resolutionCurrency: spec.resolution.currency,
                resolutionNotes: spec.resolution.notes,
                resolvedAt: new Date(openedAt.getTime() + (lastMessageHours + 1) * HOUR),
              }
            : {}),
          createdAt: openedAt,
          updatedAt: new Date(openedAt.getTime() + lastMessageHours * HOUR),
        })
        .returning();
      if (!dispute) throw new Error('dispute insert returned no row');
      await tx.insert(disputeMessages).values(
        spec.messages.map((m) => ({
          disputeId: dispute.id,
          sender: m.sender,
          adminId:
            m.sender === 'user'
              ? null
              : (adminByName(m.sender === 'admin' ? DEMO_ADMIN.name : SUPPORT_NAME)?.id ?? null),
          message: m.message,
          createdAt: new Date(openedAt.getTime() + m.afterHours * HOUR),
        })),
      );
    }

    const shopper = customerByKey('shopper');
    const emily = customerByKey('emily');
    await tx.insert(reviews).values([
      {
        productId: product('1005006218437795').id,
        customerId: shopper.id,
        name: shopper.name,
        rating: 4,
        comment: 'Great sound for the price; the case feels a little flimsy.',
        helpful: 12,
        unhelpful: 1,
        createdAt: ago(25 * 24),
      },
      {
        productId: product('1005006218437795').id,
        name: 'Ayesha Rahman',
        rating: 5,
        comment: 'Noise cancelling works well on the bus.',
        helpful: 8,
        unhelpful: 0,
        createdAt: ago(40 * 24),
      },
      {
        productId: product('1005006637251902').id,
        customerId: shopper.id,
        name: shopper.name,
        rating: 5,
        comment: 'Bright screen and the battery lasts a week.',
        helpful: 5,
        unhelpful: 0,
        createdAt: ago(18 * 24),
      },
      {
        productId: product('1005006637251902').id,
        name: 'Mark T.',
        rating: 3,
        comment: 'Sleep tracking is hit and miss.',
        helpful: 2,
        unhelpful: 3,
        createdAt: ago(33 * 24),
      },
      {
        productId: product('1005006540927381').id,
        customerId: emily.id,
        name: emily.name,
        rating: 5,
        comment: 'Warm light setting is easy on the eyes.',
        helpful: 4,
        unhelpful: 0,
        createdAt: ago(14 * 24),
      },
      {
        productId: product('90000001001').id,
        name: 'Rafiq Chowdhury',
        rating: 4,
        comment: 'Thick and warm; runs one size large.',
        helpful: 3,
        unhelpful: 1,
        createdAt: ago(9 * 24),
      },
    ]);

    await tx.insert(wishlistEntries).values([
      { customerId: shopper.id, productId: product('1005006402987711').id, createdAt: ago(10 * 24) },
      { customerId: shopper.id, productId: product('1005006745190037').id, createdAt: ago(7 * 24) },
      { customerId: shopper.id, productId: product('90000002003').id, createdAt: ago(3 * 24) },
      { customerId: emily.id, productId: product('1005006119384672').id, createdAt: ago(5 * 24) },
    ]);
    await tx.insert(storeFollows).values([
      { customerId: shopper.id, storeId: storeId('soundpeats'), createdAt: ago(20 * 24) },
      { customerId: shopper.id, storeId: storeId('dhakaCraft'), createdAt: ago(4 * 24) },
      { customerId: emily.id, storeId: storeId('ugreen'), createdAt: ago(12 * 24) },
    ]);

    // Marketing & Content: the home page's hero slides and promo tiles, and the blog.
    await tx.insert(banners).values(SEED_BANNERS.map((banner) => ({ ...banner, createdAt: ago(30 * 24) })));
    await tx.insert(blogPosts).values(
      SEED_POSTS.map(({ daysAgo, ...post }) => ({
        ...post,
        publishedAt: daysAgo === undefined ? null : ago(daysAgo * 24),
        createdAt: ago(((daysAgo ?? 1) + 1) * 24),
        updatedAt: ago((daysAgo ?? 1) * 24),
      })),
    );

    const admin = adminByName(DEMO_ADMIN.name);
    const support = adminByName(SUPPORT_NAME);
    const origin = {
      ip: '203.0.113.24',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0',
    };
    await tx.insert(activityLog).values([
      {
        actorType: 'admin',
        actorId: admin?.id,
        actorName: admin?.name,
        actorEmail: admin?.email,
        action: 'product.import',
        target: 'product:1005006218437795',
        details: { title: product('1005006218437795').seed.normalized.title },
        at: ago(30 * 24),
        ...origin,
      },
      {
        actorType: 'admin',
        actorId: support?.id,
        actorName: support?.name,
        actorEmail: support?.email,
        action: 'order.status',
        target: `order:${orderByRef.get('yoga-and-hoodie')?.orderNumber}`,
        details: { from: 'Confirmed', to: 'Shipped' },
        at: ago(5 * 24),
        ip: '203.0.113.57',
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1.15',
      },
      {
        actorType: 'admin',
        actorEmail: 'intruder@example.net',
        action: 'admin.login',
        outcome: 'failed',
        details: { reason: 'unknown email' },
        at: ago(3 * 24),
        ip: '198.51.100.9',
        userAgent: 'curl/8.5.0',
      },
      {
        actorType: 'admin',
        actorId: admin?.id,
        actorName: admin?.name,
        actorEmail: admin?.email,
        action: 'admin.login',
        at: ago(20),
        ...origin,
      },
    ]);

    // Storefront traffic over the last 30 days, for the dashboard's visitors and page views.
    const random = mulberry32(20261122);
    const visits: Array<typeof siteVisits.$inferInsert> = [];
    const paths = ['/', '/products', '/search', '/cart', '/checkout', '/profile'];
    const countries = ['BD', 'BD', 'BD', 'US', 'GB', 'IN', 'CA', 'DE'];
    for (let day = 29; day >= 0; day--) {
      const visitors = 8 + Math.floor(random() * 13);
      for (let v = 0; v < visitors; v++) {
        const visitorId = `seed-${day}-${v}`;
        const country = countries[Math.floor(random() * countries.length)] ?? 'BD';
        const pageviews = 1 + Math.floor(random() * 3);
        for (let p = 0; p < pageviews; p++) {
          visits.push({
            visitorId,
            path: paths[Math.floor(random() * paths.length)] ?? '/',
            country,
            at: ago(day * 24 + Math.floor(random() * 20) + (day === 0 ? 0 : 1)),
          });
        }
      }
    }
    await tx.insert(siteVisits).values(visits);

    // Earlier days' API calls; today's are counted live.
    await tx.insert(apiDailyCounts).values(
      Array.from({ length: 6 }, (_, i) => ({
        day: new Date(now.getTime() - (i + 1) * DAY).toISOString().slice(0, 10),
        count: 700 + Math.floor(random() * 1600),
      })),
    );

    const tables = {
      admins,
      customers,
      stores,
      products,
      orders,
      disputes,
      reviews,
      currencyRates,
      siteVisits,
    };
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await tx.select({ n: count() }).from(table);
      counts[name] = row?.n ?? 0;
    }
    return { seeded: true, counts } as const;
  });
}
