import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { productSkus, productSupplierSettings, products, variantSuppliers } from '../../db/schema.ts';
import { unprocessable } from '../../http/errors.ts';
import { converterFor, decimalTextToMinor, loadRates, toAmount } from '../../money/money.ts';
import type { AeProductResult, AeSku, MarketplaceAdapter } from '../marketplace/index.ts';
import { floorPrice, readPricingRules } from '../pricing/index.ts';
import { readStoreSettings } from '../settings/index.ts';

export type VariantSupplierRow = typeof variantSuppliers.$inferSelect;
export type SupplierSettingsRow = Omit<typeof productSupplierSettings.$inferSelect, 'updatedAt'>;
type SkuRow = typeof productSkus.$inferSelect;

/** What a product without its own settings row follows. */
export function defaultSupplierSettings(productId: string): SupplierSettingsRow {
  return { productId, onFailure: 'ask', autoForward: null, lowStockThreshold: 5, marginFloorPercent: null };
}

export async function readSupplierSettings(
  db: Database | Transaction,
  productId: string,
): Promise<SupplierSettingsRow> {
  const [row] = await db
    .select()
    .from(productSupplierSettings)
    .where(eq(productSupplierSettings.productId, productId));
  return row ?? defaultSupplierSettings(productId);
}

/** The rows that supply each variant for every country (the sync takes stock and cost from them). */
export function primarySuppliersOf(
  db: Database | Transaction,
  productId: string,
): Promise<VariantSupplierRow[]> {
  return db
    .select()
    .from(variantSuppliers)
    .where(
      and(
        eq(variantSuppliers.productId, productId),
        eq(variantSuppliers.role, 'primary'),
        isNull(variantSuppliers.shipToCountry),
      ),
    );
}

export function suppliersOf(db: Database | Transaction, productId: string): Promise<VariantSupplierRow[]> {
  return db
    .select()
    .from(variantSuppliers)
    .where(eq(variantSuppliers.productId, productId))
    .orderBy(asc(variantSuppliers.skuId), asc(variantSuppliers.role), asc(variantSuppliers.shipToCountry));
}

/**
 * The store's main countries: where it ships by default, then the countries it has its own tax rules for, at most
 * four. The mapping screen compares delivery to these, and the health check asks about them.
 */
export async function mainCountries(db: Database | Transaction): Promise<string[]> {
  const settings = await readStoreSettings(db as Database);
  const countries = [settings.defaultShipTo, ...settings.taxRules.map((rule) => rule.country)];
  return [...new Set(countries.map((c) => c.toUpperCase()))].slice(0, 4);
}

/** A variant's name from its properties: "Black / XL". */
export function variantLabel(sku: Pick<SkuRow, 'properties' | 'skuId'>): string {
  const values = sku.properties.map((p) => p.property_value_definition_name || p.sku_property_value);
  return values.length > 0 ? values.join(' / ') : sku.skuId;
}

function skuLabel(sku: AeSku): string {
  const values = (sku.ae_sku_property_dtos?.ae_sku_property_d_t_o ?? []).map(
    (p) => p.property_value_definition_name || p.sku_property_value,
  );
  return values.length > 0 ? values.join(' / ') : sku.sku_id;
}

/** The id of a marketplace item given as its id or its link (`https://www.aliexpress.com/item/<id>.html`). */
export function parseItemRef(text: string): string | null {
  const trimmed = text.trim();
  if (/^\d{6,20}$/.test(trimmed)) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (!/(^|\.)aliexpress\.[a-z.]+$/i.test(url.hostname)) return null;
  return /\/item\/(\d{6,20})\.html$/i.exec(url.pathname)?.[1] ?? null;
}

export const skuCurrency = (item: AeProductResult, sku: AeSku) =>
  (sku.currency_code || item.ae_item_base_info_dto.currency_code || 'USD').toUpperCase();

/** The seller who ships the item: one supplier parcel per seller. */
export function sellerOf(item: AeProductResult, productId: string) {
  const store = item.ae_store_info;
  return store
    ? { supplierId: `store:${store.store_id}`, supplierName: store.store_name }
    : { supplierId: `item:${productId}`, supplierName: `AliExpress item ${productId}` };
}

export interface DeliverySummary {
  country: string;
  available: boolean;
  /** The cheapest service's fee in the store's currency; null when there is none or no rate. */
  fee: number | null;
  minDays: number | null;
  maxDays: number | null;
  service: string | null;
}

/**
 * A marketplace item's SKUs with cost and stock, and delivery to the store's main countries side by side (the
 * cheapest service of the freight query), costs in the store's currency.
 */
export async function lookupSupplierItem(db: Database, marketplace: MarketplaceAdapter, itemId: string) {
  const [settings, countries, rates] = [
    await readStoreSettings(db),
    await mainCountries(db),
    await loadRates(db),
  ];
  const currency = settings.defaultCurrency;
  const item = await marketplace.getProduct(itemId, { country: countries[0] ?? 'US', currency });
  if (item === null) return null;
  const toStore = converterFor(rates, currency);
  const skus = await Promise.all(
    item.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.map(async (sku) => {
      const costMinor = decimalTextToMinor(sku.offer_sale_price || sku.sku_price);
      const cost = costMinor === null ? null : toStore(costMinor, skuCurrency(item, sku));
      const delivery: DeliverySummary[] = [];
      for (const country of countries) {
        const options = await marketplace.getDeliveryOptions({
          productId: itemId,
          skuId: sku.sku_id,
          country,
          quantity: 1,
          currency,
        });
        const cheapest = options[0];
        const feeMinor = cheapest ? decimalTextToMinor(cheapest.shipping_fee_cent) : null;
        const fee = cheapest && feeMinor !== null ? toStore(feeMinor, cheapest.shipping_fee_currency) : null;
        delivery.push({
          country,
          available: cheapest !== undefined,
          fee: fee === null ? null : toAmount(fee),
          minDays: cheapest?.min_delivery_days ?? null,
          maxDays: cheapest?.max_delivery_days ?? null,
          service: cheapest?.company ?? null,
        });
      }
      return {
        aeSkuId: sku.sku_id,
        aeSkuAttr: sku.sku_attr,
        label: skuLabel(sku),
        cost: cost === null ? null : toAmount(cost),
        stock: Math.max(0, sku.sku_available_stock),
        delivery,
      };
    }),
  );
  return {
    aeProductId: itemId,
    title: item.ae_item_base_info_dto.subject,
    supplierName: sellerOf(item, itemId).supplierName,
    currency,
    countries,
    linkExpiresAt: linkExpiryOf(item)?.toISOString() ?? null,
    skus,
  };
}

export function linkExpiryOf(item: AeProductResult): Date | null {
  const text = item.ae_item_base_info_dto.ws_offline_date;
  const at = text ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? null : new Date(at);
}

export interface SupplierRowInput {
  skuId: string;
  role: 'primary' | 'backup';
  shipToCountry?: string | null;
  aeProductId: string;
  aeSkuId: string;
}

/**
 * Checks a product's new supplier rows against the product and the marketplace (every SKU must exist there) and
 * completes them: a variant given a backup or a country's row but no primary for every country gets the product's
 * own marketplace SKU as that primary, so a switch always has somewhere to switch back to.
 * Outbound calls only: run it before the transaction that saves the rows.
 */
export async function prepareSupplierRows(
  db: Database,
  marketplace: MarketplaceAdapter,
  product: { id: string; productId: string; source: string; currency: string },
  input: SupplierRowInput[],
): Promise<Array<typeof variantSuppliers.$inferInsert>> {
  const skus = await db.select().from(productSkus).where(eq(productSkus.productId, product.id));
  const variantIds = new Set(skus.map((sku) => sku.skuId));
  const rows = input.map((row) => ({
    ...row,
    skuId: row.skuId.trim(),
    shipToCountry: row.shipToCountry ? row.shipToCountry.trim().toUpperCase() : null,
    aeProductId: row.aeProductId.trim(),
    aeSkuId: row.aeSkuId.trim(),
  }));
  const seen = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    if (!variantIds.has(row.skuId)) throw unprocessable(`The product has no variant ${row.skuId}.`);
    if (row.shipToCountry !== null && !/^[A-Z]{2}$/.test(row.shipToCountry)) {
      throw unprocessable(`${row.shipToCountry} is not a two-letter country code.`);
    }
    const key = `${row.skuId}|${row.role}|${row.shipToCountry ?? ''}`;
    if (seen.has(key)) {
      throw unprocessable(
        `Variant ${row.skuId} has two ${row.role} suppliers for ${row.shipToCountry ?? 'every country'}.`,
      );
    }
    seen.set(key, row);
  }
  // Every variant mapped at all has a primary for every country: its own marketplace SKU unless given another.
  for (const skuId of new Set(rows.map((row) => row.skuId))) {
    if (seen.has(`${skuId}|primary|`)) continue;
    if (product.source !== 'aliexpress') {
      throw unprocessable(`Variant ${skuId} needs a primary supplier for every country.`);
    }
    const own = {
      skuId,
      role: 'primary' as const,
      shipToCountry: null,
      aeProductId: product.productId,
      aeSkuId: skuId,
    };
    rows.push(own);
    seen.set(`${skuId}|primary|`, own);
  }
  for (const row of rows) {
    if (row.role !== 'backup') continue;
    const primary =
      seen.get(`${row.skuId}|primary|${row.shipToCountry ?? ''}`) ?? seen.get(`${row.skuId}|primary|`);
    if (primary && primary.aeProductId === row.aeProductId && primary.aeSkuId === row.aeSkuId) {
      throw unprocessable(`The backup of variant ${row.skuId} is the same SKU as its primary.`);
    }
  }

  const settings = await readStoreSettings(db);
  const items = new Map<string, AeProductResult | null>();
  const prepared: Array<typeof variantSuppliers.$inferInsert> = [];
  for (const row of rows) {
    if (!items.has(row.aeProductId)) {
      items.set(
        row.aeProductId,
        await marketplace.getProduct(row.aeProductId, {
          country: row.shipToCountry ?? settings.defaultShipTo,
          currency: product.currency,
        }),
      );
    }
    const item = items.get(row.aeProductId) ?? null;
    if (item === null) throw unprocessable(`AliExpress item ${row.aeProductId} was not found.`);
    const sku = item.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.find((s) => s.sku_id === row.aeSkuId);
    if (!sku) throw unprocessable(`AliExpress item ${row.aeProductId} has no SKU ${row.aeSkuId}.`);
    prepared.push({
      productId: product.id,
      skuId: row.skuId,
      role: row.role,
      shipToCountry: row.shipToCountry,
      aeProductId: row.aeProductId,
      aeSkuId: row.aeSkuId,
      aeSkuAttr: sku.sku_attr,
      ...sellerOf(item, row.aeProductId),
      costMinor: decimalTextToMinor(sku.offer_sale_price || sku.sku_price),
      costCurrency: skuCurrency(item, sku),
      stock: Math.max(0, sku.sku_available_stock),
      linkExpiresAt: linkExpiryOf(item),
    });
  }
  return prepared;
}

/** Replaces every supplier row of a product. */
export async function replaceSupplierRows(
  tx: Database | Transaction,
  productId: string,
  rows: Array<typeof variantSuppliers.$inferInsert>,
): Promise<void> {
  await tx.delete(variantSuppliers).where(eq(variantSuppliers.productId, productId));
  if (rows.length > 0) await tx.insert(variantSuppliers).values(rows);
}

export async function writeSupplierSettings(
  tx: Database | Transaction,
  settings: SupplierSettingsRow,
): Promise<void> {
  const { onFailure, autoForward, lowStockThreshold, marginFloorPercent } = settings;
  await tx
    .insert(productSupplierSettings)
    .values(settings)
    .onConflictDoUpdate({
      target: productSupplierSettings.productId,
      set: { onFailure, autoForward, lowStockThreshold, marginFloorPercent, updatedAt: new Date() },
    });
}

/** A product's variants with their supplier rows and settings, costs in the store's currency. */
export async function productSuppliersView(db: Database, productId: string) {
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product) return null;
  const [skus, rows, settings, countries, store, rates] = [
    await db
      .select()
      .from(productSkus)
      .where(eq(productSkus.productId, productId))
      .orderBy(asc(productSkus.position)),
    await suppliersOf(db, productId),
    await readSupplierSettings(db, productId),
    await mainCountries(db),
    await readStoreSettings(db),
    await loadRates(db),
  ];
  const toStore = converterFor(rates, store.defaultCurrency);
  const toProduct = converterFor(rates, product.currency);
  return {
    productId: product.id,
    title: product.title,
    currency: store.defaultCurrency,
    countries,
    settings: {
      onFailure: settings.onFailure,
      autoForward: settings.autoForward,
      lowStockThreshold: settings.lowStockThreshold,
      marginFloorPercent: settings.marginFloorPercent,
    },
    variants: skus.map((sku) => {
      const price = toStore(sku.salePriceMinor, product.currency);
      return {
        skuId: sku.skuId,
        label: variantLabel(sku),
        price: price === null ? null : toAmount(price),
        stock: sku.stock,
        hidden: sku.hidden,
        ownItem:
          product.source === 'aliexpress' ? { aeProductId: product.productId, aeSkuId: sku.skuId } : null,
        suppliers: rows
          .filter((row) => row.skuId === sku.skuId)
          .map((row) => {
            const cost = row.costMinor === null ? null : toStore(row.costMinor, row.costCurrency ?? 'USD');
            const costInProduct =
              row.costMinor === null ? null : toProduct(row.costMinor, row.costCurrency ?? 'USD');
            return {
              role: row.role,
              shipToCountry: row.shipToCountry,
              aeProductId: row.aeProductId,
              aeSkuId: row.aeSkuId,
              aeSkuAttr: row.aeSkuAttr,
              supplierName: row.supplierName,
              cost: cost === null ? null : toAmount(cost),
              marginPercent: costInProduct === null ? null : marginPercent(sku.salePriceMinor, costInProduct),
              stock: row.stock,
              deliversTo: row.deliversTo,
              linkExpiresAt: row.linkExpiresAt?.toISOString() ?? null,
              checkedAt: row.checkedAt?.toISOString() ?? null,
            };
          }),
      };
    }),
  };
}

/** Our margin over the supplier's cost, in percent of the cost (one decimal), as Pricing Rules count margins. */
export function marginPercent(priceMinor: number, costMinor: number): number | null {
  if (costMinor <= 0) return null;
  return Math.round(((priceMinor - costMinor) / costMinor) * 1000) / 10;
}

/**
 * The margin floor a product's supplier cost is held to: its own, else the store's minimum margin (Pricing Rules),
 * both percent over the cost.
 */
export async function marginFloorOf(db: Database | Transaction, productId: string): Promise<number> {
  const settings = await readSupplierSettings(db, productId);
  if (settings.marginFloorPercent !== null) return settings.marginFloorPercent;
  return Number((await readPricingRules(db)).minMarginPercent) || 0;
}

/** Our price keeps less than the floor's margin over this cost (the Pricing Rules' floor price, exactly). */
export function belowMarginFloor(priceMinor: number, costMinor: number, floorPercent: number): boolean {
  return priceMinor < floorPrice(costMinor, { minMarginPercent: String(floorPercent) });
}
