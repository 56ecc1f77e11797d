import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { dropshipAlerts, products } from '../../db/schema.ts';
import { badGateway, badRequest, conflict, notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { staffActivity, withActivity } from '../activity/index.ts';
import { type MarketplaceAdapter, MarketplaceError } from '../marketplace/index.ts';
import { closeAlert } from './suppliers.alerts.ts';
import { applyDecision, type SupplierDecision } from './suppliers.decisions.ts';
import { checkSuppliers } from './suppliers.health.ts';
import {
  lookupSupplierItem,
  parseItemRef,
  prepareSupplierRows,
  productSuppliersView,
  readSupplierSettings,
  replaceSupplierRows,
  suppliersOf,
  writeSupplierSettings,
} from './suppliers.mapping.ts';

const PRODUCT_NOT_FOUND = 'Product not found.';
const DECISION_DONE: Record<SupplierDecision | 'dismiss', string> = {
  switch_to_backup: 'Switched to the backup supplier.',
  hide_variant: 'The variant is hidden from shoppers.',
  zero_stock: "The variant's stock is 0.",
  dismiss: 'Alert dismissed.',
};

type AlertRow = typeof dropshipAlerts.$inferSelect;

function toAlert(row: AlertRow, productTitle: string | null) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    message: row.message,
    productId: row.productId,
    productTitle,
    skuId: row.skuId,
    orderId: row.orderId,
    details: row.details,
    resolution: row.resolution,
    resolvedBy: row.resolvedBy,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The marketplace did not answer: the staff screen says so instead of a 5xx. */
function unanswered(error: unknown): never {
  if (error instanceof MarketplaceError && error.kind !== 'not_found') throw badGateway(error.message);
  throw error;
}

export function createSupplierHandlers(deps: { db: Database; marketplace: MarketplaceAdapter }) {
  const { db, marketplace } = deps;

  async function productOf(id: string) {
    const [product] = await db.select().from(products).where(eq(products.id, id));
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    return product;
  }

  async function view(id: string) {
    const data = await productSuppliersView(db, id);
    if (!data) throw notFound(PRODUCT_NOT_FOUND);
    return data;
  }

  return {
    getProductSuppliers: operation('getProductSuppliers', async (request) => {
      requireStaff(request);
      return { success: true, data: await view(request.params.id) };
    }),

    replaceProductSuppliers: operation('replaceProductSuppliers', async (request) => {
      const staff = requireStaff(request);
      const product = await productOf(request.params.id);
      // The marketplace is asked first: no outbound call inside the transaction.
      const rows = await prepareSupplierRows(db, marketplace, product, request.body.rows).catch(unanswered);
      const before = await suppliersOf(db, product.id);
      await withActivity(
        db,
        (tx) => replaceSupplierRows(tx, product.id, rows),
        staffActivity(request, staff, {
          action: 'product.suppliers.update',
          target: `product:${product.id}`,
          details: {
            title: product.title,
            before: before.map(
              (r) => `${r.skuId} ${r.role} ${r.shipToCountry ?? '*'} ${r.aeProductId}/${r.aeSkuId}`,
            ),
            after: rows.map(
              (r) => `${r.skuId} ${r.role} ${r.shipToCountry ?? '*'} ${r.aeProductId}/${r.aeSkuId}`,
            ),
          },
        }),
      );
      return { success: true, message: 'Suppliers saved.', data: await view(product.id) };
    }),

    updateProductSupplierSettings: operation('updateProductSupplierSettings', async (request) => {
      const staff = requireStaff(request);
      const product = await productOf(request.params.id);
      const before = await readSupplierSettings(db, product.id);
      const after = { productId: product.id, ...request.body };
      await withActivity(
        db,
        (tx) => writeSupplierSettings(tx, after),
        staffActivity(request, staff, {
          action: 'product.supplier_settings.update',
          target: `product:${product.id}`,
          details: { title: product.title, before, after },
        }),
      );
      return { success: true, message: 'Supplier settings saved.', data: await view(product.id) };
    }),

    lookupSupplierItem: operation('lookupSupplierItem', async (request) => {
      requireStaff(request);
      const itemId = parseItemRef(request.query.ref);
      if (!itemId)
        throw badRequest('Give an AliExpress item id or its link (https://www.aliexpress.com/item/….html).');
      const item = await lookupSupplierItem(db, marketplace, itemId).catch(unanswered);
      if (!item) throw notFound(`AliExpress item ${itemId} was not found.`);
      return { success: true, data: item };
    }),

    checkSuppliers: operation('checkSuppliers', async (request) => {
      const staff = requireStaff(request);
      const productId = request.body?.productId;
      const run = await checkSuppliers(db, marketplace, productId ? { productId } : {});
      await withActivity(
        db,
        async () => run,
        staffActivity(request, staff, {
          action: 'supplier.check',
          target: productId ? `product:${productId}` : null,
          details: { ...run },
        }),
      );
      const alerts = run.raised === 1 ? '1 new alert' : `${run.raised} new alerts`;
      return { success: true, message: `Checked ${run.checked} suppliers; ${alerts}.`, data: run };
    }),

    listSupplierAlerts: operation('listSupplierAlerts', async (request) => {
      requireStaff(request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const filters: SQL[] = [];
      if (request.query.status) filters.push(eq(dropshipAlerts.status, request.query.status));
      if (request.query.productId) filters.push(eq(dropshipAlerts.productId, request.query.productId));
      const where = filters.length > 0 ? and(...filters) : undefined;
      const [rows, [total]] = [
        await db
          .select({ alert: dropshipAlerts, title: products.title })
          .from(dropshipAlerts)
          .leftJoin(products, eq(products.id, dropshipAlerts.productId))
          .where(where)
          .orderBy(desc(dropshipAlerts.createdAt), desc(dropshipAlerts.id))
          .limit(limit)
          .offset((page - 1) * limit),
        await db.select({ total: count() }).from(dropshipAlerts).where(where),
      ];
      return {
        success: true,
        data: rows.map((row) => toAlert(row.alert, row.title)),
        meta: { page, limit, total: total?.total ?? 0 },
      };
    }),

    resolveSupplierAlert: operation('resolveSupplierAlert', async (request) => {
      const staff = requireStaff(request);
      const { decision } = request.body;
      const resolved = await withActivity(
        db,
        async (tx) => {
          const [alert] = await tx
            .select()
            .from(dropshipAlerts)
            .where(eq(dropshipAlerts.id, request.params.id))
            .for('update');
          if (!alert) throw notFound('Alert not found.');
          if (alert.status !== 'open') throw conflict('The alert is no longer open.');
          if (decision !== 'dismiss') {
            if (!alert.productId || !alert.skuId || !alert.kind.startsWith('supplier.')) {
              throw conflict('This alert has no supplier decision; dismiss it instead.');
            }
            const scope = (alert.details.decision as { shipToCountry?: string | null } | undefined)
              ?.shipToCountry;
            const done = await applyDecision(tx, decision, {
              productId: alert.productId,
              skuId: alert.skuId,
              shipToCountry: scope ?? null,
            });
            if (!done) throw conflict('The variant has no backup supplier to switch to.');
          }
          await closeAlert(tx, {
            dedupeKey: alert.dedupeKey,
            resolution: decision === 'dismiss' ? 'dismissed' : decision,
            by: staff.name,
            ...(decision === 'dismiss' ? { status: 'dismissed' as const } : {}),
          });
          const [row] = await tx.select().from(dropshipAlerts).where(eq(dropshipAlerts.id, alert.id));
          const [product] = alert.productId
            ? await tx
                .select({ title: products.title })
                .from(products)
                .where(eq(products.id, alert.productId))
            : [];
          return toAlert(row ?? alert, product?.title ?? null);
        },
        (alert) =>
          staffActivity(request, staff, {
            action: 'supplier.alert.resolve',
            target: alert.productId ? `product:${alert.productId}` : `alert:${alert.id}`,
            details: { kind: alert.kind, skuId: alert.skuId, decision },
          }),
      );
      return { success: true, message: DECISION_DONE[decision], data: resolved };
    }),
  };
}
