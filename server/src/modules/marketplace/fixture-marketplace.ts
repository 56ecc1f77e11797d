import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SERVER_DIR } from '../../locations.ts';
import type {
  AeProductGetResponse,
  AeProductResult,
  AeSku,
  DeliveryOption,
  DeliveryQuery,
  MarketplaceAdapter,
  ProductQuery,
  SupplierDispute,
  SupplierDisputeRequest,
  SupplierOrderRequest,
  SupplierTracking,
} from './marketplace.types.ts';
import { MarketplaceError } from './marketplace-error.ts';
import {
  createDisputeBook,
  type DisputeBook,
  openKeptDispute,
  readKeptDispute,
} from './supplier-disputes.ts';
import {
  addressProblem,
  createSupplierOrderBook,
  keepPlacedOrder,
  REFUSAL_CODES,
  type SupplierOrderBook,
  takeFailNext,
  trackKeptOrder,
} from './supplier-orders.ts';
import {
  applySupplierScenario,
  createSupplierScenario,
  deliveryStopped,
  isListed,
  type SupplierScenario,
} from './supplier-scenario.ts';

// The bundled offline catalogue: answers of `aliexpress.ds.product.get` captured as files
// (server/fixtures/marketplace, written by its generate.ts) and a freight table that imitates
// `aliexpress.ds.freight.query`. Prices stay in the files' currency (USD); nothing is converted.
// Supplier orders are answered without keeping any state: the order id is derived from our order number, and
// every order reports its parcel's tracking as soon as it is asked.

const fixturesDir = join(SERVER_DIR, 'fixtures', 'marketplace');
const productsDir = join(fixturesDir, 'products');

/** Folder of the catalogue's pictures; the server serves it at `/media/marketplace/`. */
export const FIXTURE_IMAGES_DIR = join(fixturesDir, 'images');

const PUBLIC_URL_TOKEN = '{{PUBLIC_URL}}';
const SHIPS_FROM_PROPERTY_ID = 200007763;
const WAREHOUSE_BY_VALUE_ID: Record<number, Warehouse> = {
  201336100: 'CN',
  201336106: 'US',
  201336104: 'ES',
};

/**
 * The one route with no delivery at all, so the storefront's 'No delivery options found for your
 * location.' can be seen: the 20000 mAh power bank (lithium battery) cannot be flown to Australia.
 */
const NO_DELIVERY_ROUTES: ReadonlyArray<{ productId: string; country: string }> = [
  { productId: '1005006174306628', country: 'AU' },
];

/** Ids of every product in the bundled catalogue, in ascending order. */
export function fixtureProductIds(): string[] {
  return readdirSync(productsDir)
    .filter((name) => /^\d+\.json$/.test(name))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

export interface FixtureMarketplaceOptions {
  /** Public origin of this server, e.g. http://localhost:3000; picture addresses are built on it. */
  publicUrl: string;
  /** Clock for the delivery date texts and listings that lapse; tests pin it. */
  now?: () => Date;
  /** What has changed at the suppliers since the catalogue was captured; changes apply to the next answer. */
  scenario?: SupplierScenario;
  /** The disputes buyers opened and the suppliers' answers; its own when absent. */
  disputes?: DisputeBook;
  /** The supplier orders taken and what their parcels do next; its own when absent. */
  supplierOrders?: SupplierOrderBook;
}

export function createFixtureMarketplace(options: FixtureMarketplaceOptions): MarketplaceAdapter {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());
  const scenario = options.scenario ?? createSupplierScenario();
  const disputes = options.disputes ?? createDisputeBook();
  const supplierOrders = options.supplierOrders ?? createSupplierOrderBook();
  const known = new Set(fixtureProductIds());
  const cache = new Map<string, AeProductResult>();

  async function load(productId: string): Promise<AeProductResult | null> {
    // Only ids listed in the folder are read, so a crafted id can never reach another file.
    if (!known.has(productId)) return null;
    let result = cache.get(productId);
    if (result === undefined) {
      const text = await readFile(join(productsDir, `${productId}.json`), 'utf8');
      const response = JSON.parse(text) as AeProductGetResponse;
      const found = response.aliexpress_ds_product_get_response.result;
      if (found === undefined) return null;
      result = withPublicUrl(found, publicUrl);
      cache.set(productId, result);
    }
    // A listing past its date is offline: the marketplace answers as for an unknown item.
    if (!isListed(scenario, productId, now())) return null;
    // Callers get their own copy: the cached one must not change under them.
    const copy = structuredClone(result);
    applySupplierScenario(scenario, productId, copy);
    return copy;
  }

  const noRoute = (productId: string, country: string) =>
    deliveryStopped(scenario, productId, country) ||
    NO_DELIVERY_ROUTES.some((r) => r.productId === productId.trim() && r.country === country);

  return {
    async getProduct(productId: string, query: ProductQuery): Promise<AeProductResult | null> {
      const result = await load(productId.trim());
      if (result === null) return null;
      const country = query.country.toUpperCase();
      // The real API echoes the ship-to country here; the import screen keys the result by it.
      result.logistics_info_dto = {
        delivery_time: result.logistics_info_dto?.delivery_time ?? 7,
        ship_to_country: country,
      };
      return result;
    },

    async getDeliveryOptions(query: DeliveryQuery): Promise<DeliveryOption[]> {
      const result = await load(query.productId.trim());
      if (result === null) return [];
      const sku = result.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.find((s) => s.sku_id === query.skuId);
      if (sku === undefined) return [];
      const country = query.country.toUpperCase();
      if (noRoute(query.productId, country)) return [];
      const quantity = Number.isFinite(query.quantity) ? Math.max(1, Math.floor(query.quantity)) : 1;
      const weightKg = Number.parseFloat(result.package_info_dto?.gross_weight ?? '') || 0.5;
      const options = freightOptions({
        warehouse: warehouseOf(sku),
        country,
        totalKg: weightKg * quantity,
        today: now(),
      });
      const days = scenario.promiseDays.get(query.productId.trim());
      if (days === undefined) return options;
      return options.map((option) => ({
        ...option,
        min_delivery_days: Math.min(option.min_delivery_days, days),
        max_delivery_days: Math.min(option.max_delivery_days, days),
      }));
    },

    async placeOrder(request: SupplierOrderRequest): Promise<{ orderId: string }> {
      if (request.items.length === 0) throw refusal('B_DROPSHIPPER_NO_ITEMS', 'The order has no items.');
      const failure = takeFailNext(supplierOrders);
      if (failure) throw refusal(REFUSAL_CODES[failure], `The order failed on purpose (${failure}).`);
      const addressRefused = addressProblem(request.address);
      if (addressRefused) throw refusal(REFUSAL_CODES.address_rejected, addressRefused);
      for (const item of request.items) {
        const product = await load(item.productId.trim());
        if (product === null) {
          throw refusal('B_DROPSHIPPER_PRODUCT_NOT_FOUND', `Product ${item.productId} is not sold any more.`);
        }
        const sku = product.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.find((s) => s.sku_id === item.skuId);
        if (sku === undefined) {
          throw refusal('B_DROPSHIPPER_SKU_NOT_FOUND', `Product ${item.productId} has no SKU ${item.skuId}.`);
        }
        if (sku.sku_available_stock < item.quantity) {
          throw refusal(
            'B_DROPSHIPPER_INVENTORY_SHORTAGE',
            `Only ${sku.sku_available_stock} left of SKU ${item.skuId}.`,
          );
        }
        const country = request.address.country.toUpperCase();
        if (noRoute(item.productId, country)) {
          throw refusal(
            'B_DROPSHIPPER_DELIVERY_NOT_SUPPORTED',
            `Product ${item.productId} cannot be shipped to ${country}.`,
          );
        }
      }
      const orderId = fixtureSupplierOrderId(request.reference);
      keepPlacedOrder(supplierOrders, orderId);
      return { orderId };
    },

    async trackOrder(orderId: string): Promise<SupplierTracking> {
      if (!FIXTURE_ORDER_ID.test(orderId)) {
        throw new MarketplaceError('not_found', `Not found on the marketplace: order ${orderId}`);
      }
      return trackKeptOrder(supplierOrders, orderId);
    },

    async openDispute(request: SupplierDisputeRequest): Promise<{ disputeId: string }> {
      if (!FIXTURE_ORDER_ID.test(request.orderId)) {
        throw new MarketplaceError('not_found', `Not found on the marketplace: order ${request.orderId}`);
      }
      return openKeptDispute(disputes, request);
    },

    async getDispute(disputeId: string): Promise<SupplierDispute> {
      return readKeptDispute(disputes, disputeId);
    },
  };
}

/** Supplier order ids look like the marketplace's: 16 digits, starting with 8. */
const FIXTURE_ORDER_ID = /^8\d{15}$/;

/** The same order number always gets the same supplier order id, so placing it again changes nothing. */
export function fixtureSupplierOrderId(reference: string): string {
  const digest = createHash('sha256').update(reference).digest();
  return `8${(digest.readBigUInt64BE(0) % 10n ** 15n).toString().padStart(15, '0')}`;
}

function refusal(code: string, message: string): MarketplaceError {
  return new MarketplaceError('rejected', `The supplier refused the order: ${message}`, { code });
}

function withPublicUrl<T>(value: T, publicUrl: string): T {
  if (typeof value === 'string') return value.replaceAll(PUBLIC_URL_TOKEN, publicUrl) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withPublicUrl(item, publicUrl)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = withPublicUrl(item, publicUrl);
    return out as T;
  }
  return value;
}

// ---------------------------------------------------------------- freight table

type Warehouse = 'CN' | 'US' | 'ES';
type Zone = 'EU' | 'NA' | 'OC' | 'AS' | 'ME' | 'LATAM' | 'AF' | 'OTHER';

const ZONE_OF: Record<string, Zone> = {};
const zoneMembers: Record<Exclude<Zone, 'OTHER'>, string> = {
  EU: 'AT BE BG CH CY CZ DE DK EE ES FI FR GB GR HR HU IE IT LT LU LV MT NL NO PL PT RO SE SI SK',
  NA: 'US CA MX',
  OC: 'AU NZ',
  AS: 'BD IN PK LK NP JP KR SG MY TH VN ID PH',
  ME: 'AE IL TR SA QA KW',
  LATAM: 'BR AR CL CO PE UY',
  AF: 'ZA NG KE EG MA',
};
for (const [zone, members] of Object.entries(zoneMembers)) {
  for (const code of members.split(' ')) ZONE_OF[code] = zone as Zone;
}

// Fee multiplier and extra transit days on top of each service's base, per destination zone.
const ZONE_COST: Record<Zone, { fee: number; days: number }> = {
  EU: { fee: 1.1, days: 0 },
  NA: { fee: 1, days: 2 },
  OC: { fee: 1.3, days: 3 },
  AS: { fee: 1.15, days: 3 },
  ME: { fee: 1.2, days: 4 },
  LATAM: { fee: 1.5, days: 10 },
  AF: { fee: 1.6, days: 10 },
  OTHER: { fee: 1.4, days: 6 },
};

interface Service {
  code: string;
  company: string;
  /** Base transit days before the zone's extra. */
  days: [number, number];
  /** Share of the zone's extra days this service suffers (express services fly direct). */
  zoneDays: number;
  baseFee: number;
  perKg: number;
  /** Parcels up to this total weight ship free. */
  freeUpToKg?: number;
  /** Heaviest parcel the service takes. */
  maxKg?: number;
  tracking: boolean;
  guaranteedDays: number;
  mayHavePFS: boolean;
  /** Fee multiplier applies (cross-border) or not (domestic). */
  zoned: boolean;
}

const SUPER_ECONOMY: Service = {
  code: 'CAINIAO_SUPER_ECONOMY',
  company: 'Cainiao Super Economy Global',
  days: [12, 20],
  zoneDays: 1,
  baseFee: 0.99,
  perKg: 4.2,
  freeUpToKg: 0.4,
  maxKg: 2,
  tracking: false,
  guaranteedDays: 75,
  mayHavePFS: true,
  zoned: true,
};
const STANDARD_CN: Service = {
  code: 'CAINIAO_STANDARD',
  company: 'AliExpress Standard Shipping',
  days: [7, 12],
  zoneDays: 1,
  baseFee: 2.49,
  perKg: 7.9,
  tracking: true,
  guaranteedDays: 60,
  mayHavePFS: true,
  zoned: true,
};
const STANDARD_LOCAL: Service = {
  code: 'AE_STANDARD_LOCAL',
  company: 'AliExpress Standard Shipping',
  days: [5, 9],
  zoneDays: 1,
  baseFee: 3.49,
  perKg: 5.5,
  tracking: true,
  guaranteedDays: 45,
  mayHavePFS: false,
  zoned: true,
};
const DHL: Service = {
  code: 'DHL',
  company: 'DHL',
  days: [3, 6],
  zoneDays: 0.5,
  baseFee: 16.9,
  perKg: 14,
  tracking: true,
  guaranteedDays: 20,
  mayHavePFS: false,
  zoned: true,
};
const US_LOCAL: Service = {
  code: 'US_LOCAL_DELIVERY',
  company: 'Local Delivery',
  days: [3, 7],
  zoneDays: 0,
  baseFee: 3.99,
  perKg: 1.5,
  freeUpToKg: 1,
  tracking: true,
  guaranteedDays: 15,
  mayHavePFS: false,
  zoned: false,
};
const EU_SELECTION: Service = {
  code: 'AE_SELECTION_STANDARD_ES',
  company: 'AliExpress Selection Standard',
  days: [3, 6],
  zoneDays: 0,
  baseFee: 2.99,
  perKg: 2.2,
  freeUpToKg: 1,
  tracking: true,
  guaranteedDays: 20,
  mayHavePFS: true,
  zoned: false,
};

function warehouseOf(sku: AeSku): Warehouse {
  const shipsFrom = sku.ae_sku_property_dtos?.ae_sku_property_d_t_o.find(
    (p) => p.sku_property_id === SHIPS_FROM_PROPERTY_ID,
  );
  // A listing without the Ships From property sends from the seller's country, China here.
  return (shipsFrom && WAREHOUSE_BY_VALUE_ID[shipsFrom.property_value_id]) || 'CN';
}

function servicesFor(warehouse: Warehouse, country: string, zone: Zone): Service[] {
  if (warehouse === 'US' && country === 'US') return [US_LOCAL, STANDARD_LOCAL, DHL];
  if (warehouse === 'ES' && zone === 'EU') return [EU_SELECTION, DHL];
  if (warehouse !== 'CN') return [STANDARD_LOCAL, DHL];
  return [SUPER_ECONOMY, STANDARD_CN, DHL];
}

function freightOptions(input: {
  warehouse: Warehouse;
  country: string;
  totalKg: number;
  today: Date;
}): DeliveryOption[] {
  const zone = ZONE_OF[input.country] ?? 'OTHER';
  const cost = ZONE_COST[zone];
  const options = servicesFor(input.warehouse, input.country, zone)
    .filter((s) => s.maxKg === undefined || input.totalKg <= s.maxKg)
    .map((s): DeliveryOption => {
      const free = s.freeUpToKg !== undefined && input.totalKg <= s.freeUpToKg;
      const fee = free
        ? 0
        : Math.round((s.baseFee + s.perKg * input.totalKg) * (s.zoned ? cost.fee : 1) * 100) / 100;
      const extra = Math.round(cost.days * s.zoneDays);
      const min = s.days[0] + extra;
      const max = s.days[1] + extra;
      return {
        code: s.code,
        company: s.company,
        free_shipping: free,
        shipping_fee_cent: fee.toFixed(2),
        shipping_fee_currency: 'USD',
        shipping_fee_format: free ? 'Free shipping' : `$${fee.toFixed(2)}`,
        guaranteed_delivery_days: String(s.guaranteedDays),
        delivery_date_desc: dateRange(input.today, min, max),
        min_delivery_days: min,
        max_delivery_days: max,
        ship_from_country: input.warehouse,
        tracking: s.tracking,
        mayHavePFS: s.mayHavePFS,
      };
    });
  return options.sort((a, b) => Number(a.shipping_fee_cent) - Number(b.shipping_fee_cent));
}

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

// "Dec 2 - 10" within a month, "Nov 28 - Dec 6" across two, like the marketplace writes it.
function dateRange(today: Date, minDays: number, maxDays: number): string {
  const day = 86_400_000;
  const from = new Date(today.getTime() + minDays * day);
  const to = new Date(today.getTime() + maxDays * day);
  const sameMonth = from.getUTCMonth() === to.getUTCMonth();
  return `${monthDay.format(from)} - ${sameMonth ? to.getUTCDate() : monthDay.format(to)}`;
}
