import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productSkus, products } from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { decimalTextToMinor, loadRates, toDecimalText } from '../../money/money.ts';
import { type ActivityEntry, insertActivity } from '../activity/index.ts';
import { type AeSku, type MarketplaceAdapter, MarketplaceError } from '../marketplace/index.ts';
import { readPricingRules, repriceImported } from '../pricing/index.ts';
import { readStoreSettings, writeStoreSettings } from '../settings/index.ts';
import { primarySuppliersOf } from '../suppliers/index.ts';

export type SyncFrequency = 'hourly' | 'daily' | 'weekly';

export const SYNC_INTERVAL_MS: Record<SyncFrequency, number> = {
  hourly: 60 * 60 * 1000,
  daily: 24 * 60 * 60 * 1000,
  weekly: 7 * 24 * 60 * 60 * 1000,
};
/** Products asked about per run, those asked longest ago first; a big catalogue is covered over several runs. */
export const SYNC_BATCH = 200;
export const MARKETPLACE_SYNC = 'marketplace.sync';
export const PRICE_DRIFT = 'marketplace.price-drift';

export interface SyncRun {
  checked: number;
  updated: number;
  drifted: number;
  withdrawn: number;
  failed: number;
}

const money = (minor: number, currency: string) => `${currency} ${toDecimalText(minor)}`;

/** When the next automatic run is due; null while auto-sync is off. */
export function nextSyncAt(settings: {
  marketplaceSyncEnabled: boolean;
  marketplaceSyncFrequency: SyncFrequency;
  marketplaceLastSyncAt: Date | null;
}): Date | null {
  if (!settings.marketplaceSyncEnabled) return null;
  if (!settings.marketplaceLastSyncAt) return new Date(0);
  return new Date(
    settings.marketplaceLastSyncAt.getTime() + SYNC_INTERVAL_MS[settings.marketplaceSyncFrequency],
  );
}

async function log(
  db: Database,
  entry: {
    action: string;
    target?: string;
    outcome?: 'success' | 'failed' | 'warning';
    message: string;
  } & Record<string, unknown>,
) {
  const { action, target, outcome = 'success', ...details } = entry;
  await insertActivity(db, { actorType: 'system', action, target: target ?? null, outcome, details });
}

/**
 * Refreshes imported products from the marketplace: each SKU's stock and the supplier's price. A product the
 * marketplace no longer sells goes out of stock; a supplier price that moved further than the drift threshold
 * is logged as a warning (the dashboard raises it). A new cost reprices the SKU by the pricing rules, unless staff
 * priced it by hand.
 */
export async function syncMarketplaceProducts(
  db: Database,
  marketplace: MarketplaceAdapter,
  /** `activity`: the entry of the staff member who started the run, written with the run's summary. */
  options: { now?: Date; limit?: number; activity?: (run: SyncRun) => ActivityEntry } = {},
): Promise<SyncRun> {
  const now = options.now ?? new Date();
  const settings = await readStoreSettings(db);
  const [pricing, rates] = [await readPricingRules(db), await loadRates(db)];
  const due = await db
    .select({
      id: products.id,
      productId: products.productId,
      title: products.title,
      currency: products.currency,
      status: products.status,
    })
    .from(products)
    .where(eq(products.source, 'aliexpress'))
    .orderBy(sql`${products.supplierSyncedAt} asc nulls first`, asc(products.id))
    .limit(options.limit ?? SYNC_BATCH);

  const run: SyncRun = { checked: 0, updated: 0, drifted: 0, withdrawn: 0, failed: 0 };
  for (const product of due) {
    let result: Awaited<ReturnType<MarketplaceAdapter['getProduct']>>;
    try {
      result = await marketplace.getProduct(product.productId, {
        country: settings.defaultShipTo,
        currency: product.currency,
      });
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      run.failed += 1;
      await log(db, {
        action: MARKETPLACE_SYNC,
        target: `product:${product.id}`,
        outcome: 'failed',
        message: `${product.title}: ${error.message}`,
      });
      // Nobody answers: asking about the rest would only fail the same way.
      if (error.kind === 'unreachable' || error.kind === 'misconfigured') break;
      continue;
    }
    run.checked += 1;
    // A variant mapped to another supplier (its primary for every country) takes stock and cost from that one.
    const mapped = await mappedOffers(db, marketplace, product, settings.defaultShipTo);

    // What the marketplace said is saved with its log lines in one transaction, opened only once it answered.
    await db.transaction(async (tx) => {
      const skus = await tx.select().from(productSkus).where(eq(productSkus.productId, product.id));
      const offered = new Map<string, AeSku | undefined>(
        (result?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o ?? []).map((sku) => [sku.sku_id, sku]),
      );
      for (const [skuId, offer] of mapped) offered.set(skuId, offer);
      // A hidden variant stays out of stock whatever its supplier has.
      for (const sku of skus) if (sku.hidden) offered.delete(sku.skuId);
      let changed = false;
      let costMoved = false;
      let stock = 0;
      for (const sku of skus) {
        const offer = offered.get(sku.skuId);
        const newStock = offer ? Math.max(0, offer.sku_available_stock) : 0;
        const newSupplierPrice = offer ? decimalTextToMinor(offer.offer_sale_price) : sku.supplierPriceMinor;
        stock += newStock;
        if (newStock === sku.stock && newSupplierPrice === sku.supplierPriceMinor) continue;
        changed = true;
        await tx
          .update(productSkus)
          .set({ stock: newStock, supplierPriceMinor: newSupplierPrice })
          .where(eq(productSkus.id, sku.id));
        const before = sku.supplierPriceMinor ?? sku.salePriceMinor;
        if (newSupplierPrice === null || newSupplierPrice === sku.supplierPriceMinor || before <= 0) continue;
        costMoved = true;
        // Drift is the supplier's own move: the store's price follows it through the pricing rules below.
        const drift = ((newSupplierPrice - before) / before) * 100;
        if (Math.abs(drift) > settings.priceDriftPercent) {
          run.drifted += 1;
          const sign = drift > 0 ? '+' : '';
          await log(tx, {
            action: PRICE_DRIFT,
            target: `product:${product.id}`,
            outcome: 'warning',
            message: `${product.title} (SKU ${sku.skuId}): the supplier now asks ${money(newSupplierPrice, product.currency)}, was ${money(before, product.currency)} (${sign}${drift.toFixed(1)}%); the store sold at ${money(sku.salePriceMinor, product.currency)}.`,
            skuId: sku.skuId,
            supplierPriceMinor: newSupplierPrice,
            salePriceMinor: sku.salePriceMinor,
          });
        }
      }
      // A new cost reprices the product by the rules (SKUs staff priced by hand keep their price).
      if (costMoved) await repriceImported(tx, pricing, rates, product.id);
      if (result === null) {
        run.withdrawn += 1;
        await log(tx, {
          action: MARKETPLACE_SYNC,
          target: `product:${product.id}`,
          outcome: 'failed',
          message: `${product.title} is no longer sold on AliExpress; it is out of stock now.`,
        });
      }
      const status =
        stock === 0 && product.status === 'published'
          ? 'out_of_stock'
          : stock > 0 && product.status === 'out_of_stock'
            ? 'published'
            : product.status;
      await tx
        .update(products)
        .set({ stock, status, supplierSyncedAt: now, ...(changed ? { updatedAt: now } : {}) })
        .where(and(eq(products.id, product.id)));
      if (changed || status !== product.status) run.updated += 1;
    });
  }

  await db.transaction(async (tx) => {
    await writeStoreSettings(tx, { marketplaceLastSyncAt: now });
    await log(tx, {
      action: MARKETPLACE_SYNC,
      outcome: run.failed > 0 && run.checked === 0 && due.length > 0 ? 'failed' : 'success',
      message: `Synced ${run.checked} of ${due.length} imported products: ${run.updated} updated, ${run.drifted} price changes beyond ${settings.priceDriftPercent}%, ${run.withdrawn} no longer sold, ${run.failed} failed.`,
      ...run,
    });
    if (options.activity) await insertActivity(tx, options.activity(run));
  });
  return run;
}

/**
 * What each mapped variant's primary supplier (the row for every country) offers now, by our SKU id; undefined
 * when the supplier no longer sells it. A supplier that does not answer leaves its variants out.
 */
async function mappedOffers(
  db: Database,
  marketplace: MarketplaceAdapter,
  product: { id: string; currency: string },
  country: string,
): Promise<Map<string, AeSku | undefined>> {
  const offers = new Map<string, AeSku | undefined>();
  const rows = await primarySuppliersOf(db, product.id);
  const items = new Map<string, Awaited<ReturnType<MarketplaceAdapter['getProduct']>> | 'failed'>();
  for (const row of rows) {
    if (!items.has(row.aeProductId)) {
      try {
        items.set(
          row.aeProductId,
          await marketplace.getProduct(row.aeProductId, { country, currency: product.currency }),
        );
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        items.set(row.aeProductId, 'failed');
      }
    }
    const item = items.get(row.aeProductId);
    if (item === 'failed') continue;
    offers.set(
      row.skuId,
      item?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.find((sku) => sku.sku_id === row.aeSkuId),
    );
  }
  return offers;
}

/** Every hour the queue asks whether a sync is due (hourly, daily or weekly after the last one) and runs it. */
export function marketplaceSyncJob(deps: { db: Database; marketplace: MarketplaceAdapter }): JobDefinition {
  return {
    name: MARKETPLACE_SYNC,
    cron: '5 * * * *',
    retryLimit: 1,
    expireInSeconds: 30 * 60,
    run: async () => {
      const settings = await readStoreSettings(deps.db);
      const due = nextSyncAt(settings);
      // A few minutes' grace, so an hourly run whose last one finished late is not put off by an hour.
      if (!due || due.getTime() - 5 * 60 * 1000 > Date.now()) return { skipped: true };
      return syncMarketplaceProducts(deps.db, deps.marketplace);
    },
  };
}
