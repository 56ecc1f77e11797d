import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dropshipAlerts, productSkus, products, variantSuppliers } from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { converterFor, decimalTextToMinor, loadRates, toAmount } from '../../money/money.ts';
import { insertActivity } from '../activity/index.ts';
import { type AeProductResult, type MarketplaceAdapter, MarketplaceError } from '../marketplace/index.ts';
import { closeAlert, raiseAlert } from './suppliers.alerts.ts';
import { applyDecision } from './suppliers.decisions.ts';
import {
  belowMarginFloor,
  linkExpiryOf,
  mainCountries,
  marginFloorOf,
  marginPercent,
  readSupplierSettings,
  skuCurrency,
  type VariantSupplierRow,
  variantLabel,
} from './suppliers.mapping.ts';

export const SUPPLIER_HEALTH = 'suppliers.health';
/** Supplier rows asked about per run, those asked longest ago first. */
export const HEALTH_BATCH = 100;
/** A link lapsing within this many days is an alert. */
const LAPSE_WARNING_DAYS = 14;
const DAY_MS = 86_400_000;

export const SUPPLIER_ALERT_KINDS = [
  'supplier.low_stock',
  'supplier.cost_above_floor',
  'supplier.sku_gone',
  'supplier.no_delivery',
  'supplier.link_expiring',
] as const;
export type SupplierAlertKind = (typeof SUPPLIER_ALERT_KINDS)[number];

export interface HealthRun {
  checked: number;
  raised: number;
  cleared: number;
  applied: number;
  failed: number;
}

/** One alert per problem of a variant's supplier (and ship-to country, for delivery). */
export const alertKey = (
  kind: string,
  row: Pick<VariantSupplierRow, 'productId' | 'skuId' | 'shipToCountry'>,
  country?: string,
) => `${kind}:${row.productId}:${row.skuId}:${row.shipToCountry ?? '*'}${country ? `:${country}` : ''}`;

interface Problem {
  kind: SupplierAlertKind;
  country?: string;
  message: string;
  facts: Record<string, unknown>;
}

/**
 * Asks the marketplace about each mapped supplier (primaries and backups), records what it said on the row, and
 * raises an alert for each problem of a primary, with the decision attached: switch to the backup (and the margin
 * after it), hide the variant, or set its stock to 0. A product whose default decision is not `ask` has it applied
 * at once and the alert closed with it. A problem gone since closes its alert as `cleared`.
 */
export async function checkSuppliers(
  db: Database,
  marketplace: MarketplaceAdapter,
  options: { now?: Date; limit?: number; productId?: string } = {},
): Promise<HealthRun> {
  const now = options.now ?? new Date();
  const query = db.select().from(variantSuppliers);
  const rows = await (options.productId
    ? query.where(eq(variantSuppliers.productId, options.productId))
    : query
  )
    .orderBy(sql`${variantSuppliers.checkedAt} asc nulls first`, asc(variantSuppliers.id))
    .limit(options.limit ?? HEALTH_BATCH);
  const run: HealthRun = { checked: 0, raised: 0, cleared: 0, applied: 0, failed: 0 };
  if (rows.length === 0) return run;

  const countries = await mainCountries(db);
  const rates = await loadRates(db);
  const productIds = [...new Set(rows.map((row) => row.productId))];
  const productRows = await db.select().from(products).where(inArray(products.id, productIds));
  const productOf = new Map(productRows.map((p) => [p.id, p]));
  const skuRows = await db.select().from(productSkus).where(inArray(productSkus.productId, productIds));
  const items = new Map<string, AeProductResult | null>();

  for (const row of rows) {
    const product = productOf.get(row.productId);
    const variant = skuRows.find((sku) => sku.productId === row.productId && sku.skuId === row.skuId);
    if (!product) continue;
    const asked = row.shipToCountry ? [row.shipToCountry] : countries;
    let item: AeProductResult | null;
    const deliversTo: string[] = [];
    try {
      if (!items.has(row.aeProductId)) {
        items.set(
          row.aeProductId,
          await marketplace.getProduct(row.aeProductId, {
            country: asked[0] ?? 'US',
            currency: product.currency,
          }),
        );
      }
      item = items.get(row.aeProductId) ?? null;
      const found = item?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.some((s) => s.sku_id === row.aeSkuId);
      for (const country of found ? asked : []) {
        const options = await marketplace.getDeliveryOptions({
          productId: row.aeProductId,
          skuId: row.aeSkuId,
          country,
          quantity: 1,
          currency: product.currency,
        });
        if (options.length > 0) deliversTo.push(country);
      }
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      run.failed += 1;
      await insertActivity(db, {
        actorType: 'system',
        action: SUPPLIER_HEALTH,
        target: `product:${row.productId}`,
        outcome: 'failed',
        details: { message: `${product.title} (SKU ${row.skuId}): ${error.message}` },
      });
      if (error.kind === 'unreachable' || error.kind === 'misconfigured') break;
      continue;
    }
    run.checked += 1;
    const sku = item?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.find((s) => s.sku_id === row.aeSkuId);
    const costMinor = sku ? decimalTextToMinor(sku.offer_sale_price || sku.sku_price) : null;
    const observed = {
      costMinor: costMinor ?? row.costMinor,
      costCurrency: item && sku ? skuCurrency(item, sku) : row.costCurrency,
      stock: sku ? Math.max(0, sku.sku_available_stock) : 0,
      deliversTo,
      linkExpiresAt: item ? linkExpiryOf(item) : row.linkExpiresAt,
      checkedAt: now,
      ...(item && sku ? { aeSkuAttr: sku.sku_attr } : {}),
    };

    await db.transaction(async (tx) => {
      await tx.update(variantSuppliers).set(observed).where(eq(variantSuppliers.id, row.id));
      if (row.role !== 'primary' || !variant) return;
      const settings = await readSupplierSettings(tx, row.productId);
      const floor = await marginFloorOf(tx, row.productId);
      const toProduct = converterFor(rates, product.currency);
      const costInProduct =
        observed.costMinor === null ? null : toProduct(observed.costMinor, observed.costCurrency ?? 'USD');
      const margin = costInProduct === null ? null : marginPercent(variant.salePriceMinor, costInProduct);
      const name = `${product.title} (${variantLabel(variant)})`;

      const problems: Problem[] = [];
      if (!item || !sku) {
        problems.push({
          kind: 'supplier.sku_gone',
          message: item
            ? `${name}: the supplier no longer sells SKU ${row.aeSkuId} of item ${row.aeProductId}.`
            : `${name}: AliExpress item ${row.aeProductId} is no longer listed.`,
          facts: {},
        });
      } else {
        if (observed.stock < settings.lowStockThreshold) {
          problems.push({
            kind: 'supplier.low_stock',
            message: `${name}: the supplier has ${observed.stock} left (alert below ${settings.lowStockThreshold}).`,
            facts: { stock: observed.stock, threshold: settings.lowStockThreshold },
          });
        }
        if (costInProduct !== null && belowMarginFloor(variant.salePriceMinor, costInProduct, floor)) {
          problems.push({
            kind: 'supplier.cost_above_floor',
            message: `${name}: the supplier's cost leaves a ${margin ?? 0}% margin, below the ${floor}% floor.`,
            facts: { marginPercent: margin, floorPercent: floor },
          });
        }
        for (const country of asked.filter((c) => !deliversTo.includes(c))) {
          problems.push({
            kind: 'supplier.no_delivery',
            country,
            message: `${name}: the supplier no longer delivers to ${country}.`,
            facts: { country },
          });
        }
        const lapses = observed.linkExpiresAt;
        if (lapses && lapses.getTime() - now.getTime() < LAPSE_WARNING_DAYS * DAY_MS) {
          problems.push({
            kind: 'supplier.link_expiring',
            message: `${name}: the supplier's AliExpress link lapses on ${lapses.toISOString().slice(0, 10)}.`,
            facts: { linkExpiresAt: lapses.toISOString() },
          });
        }
      }

      // Choices offered on every alert, with what the backup would leave.
      const [backup] = await tx
        .select()
        .from(variantSuppliers)
        .where(
          and(
            eq(variantSuppliers.productId, row.productId),
            eq(variantSuppliers.skuId, row.skuId),
            eq(variantSuppliers.role, 'backup'),
            row.shipToCountry
              ? eq(variantSuppliers.shipToCountry, row.shipToCountry)
              : isNull(variantSuppliers.shipToCountry),
          ),
        );
      const backupCost =
        backup?.costMinor == null ? null : toProduct(backup.costMinor, backup.costCurrency ?? 'USD');
      const decision = {
        choices: backup ? ['switch_to_backup', 'hide_variant', 'zero_stock'] : ['hide_variant', 'zero_stock'],
        defaultDecision: settings.onFailure,
        shipToCountry: row.shipToCountry,
        primary: {
          aeProductId: row.aeProductId,
          aeSkuId: row.aeSkuId,
          supplierName: row.supplierName,
          stock: observed.stock,
          cost: costInProduct === null ? null : toAmount(costInProduct),
          marginPercent: margin,
        },
        backup: backup
          ? {
              aeProductId: backup.aeProductId,
              aeSkuId: backup.aeSkuId,
              supplierName: backup.supplierName,
              stock: backup.stock,
              cost: backupCost === null ? null : toAmount(backupCost),
              marginAfterSwitchPercent:
                backupCost === null ? null : marginPercent(variant.salePriceMinor, backupCost),
              checkedAt: backup.checkedAt?.toISOString() ?? null,
            }
          : null,
        price: toAmount(variant.salePriceMinor),
        currency: product.currency,
      };

      const open = new Set<string>();
      for (const problem of problems) {
        const key = alertKey(problem.kind, row, problem.country);
        open.add(key);
        const raised = await raiseAlert(tx, {
          kind: problem.kind,
          dedupeKey: key,
          message: problem.message,
          productId: row.productId,
          skuId: row.skuId,
          details: { ...problem.facts, decision },
          now,
        });
        if (!raised) continue;
        run.raised += 1;
        if (settings.onFailure === 'ask') continue;
        const ref = { productId: row.productId, skuId: row.skuId, shipToCountry: row.shipToCountry };
        if (!(await applyDecision(tx, settings.onFailure, ref))) continue;
        run.applied += 1;
        await closeAlert(tx, { dedupeKey: key, resolution: settings.onFailure, by: 'system', now });
        await insertActivity(tx, {
          actorType: 'system',
          action: 'supplier.alert.resolve',
          target: `product:${row.productId}`,
          details: { kind: problem.kind, skuId: row.skuId, decision: settings.onFailure, default: true },
        });
        // The switch changed who supplies the variant: the other problems were the old primary's.
        if (settings.onFailure === 'switch_to_backup') break;
      }
      const stale = await tx
        .select({ key: dropshipAlerts.dedupeKey })
        .from(dropshipAlerts)
        .where(
          and(
            eq(dropshipAlerts.status, 'open'),
            inArray(
              dropshipAlerts.dedupeKey,
              SUPPLIER_ALERT_KINDS.flatMap((kind) =>
                kind === 'supplier.no_delivery'
                  ? asked.map((c) => alertKey(kind, row, c))
                  : [alertKey(kind, row)],
              ),
            ),
          ),
        );
      for (const { key } of stale) {
        if (open.has(key)) continue;
        await closeAlert(tx, { dedupeKey: key, resolution: 'cleared', by: 'system', now });
        run.cleared += 1;
      }
    });
  }
  return run;
}

/** Every 15 minutes: the next batch of supplier rows, those asked longest ago first. */
export function supplierHealthJob(deps: { db: Database; marketplace: MarketplaceAdapter }): JobDefinition {
  return {
    name: SUPPLIER_HEALTH,
    cron: '*/15 * * * *',
    retryLimit: 1,
    expireInSeconds: 10 * 60,
    run: async () => checkSuppliers(deps.db, deps.marketplace),
  };
}
