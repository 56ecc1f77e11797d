import type { FastifyRequest } from 'fastify';
import type { VendorAuth } from '../../auth/auth-context.ts';
import { requireStaff, requireVendor } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { loadRates, type Rates } from '../../money/money.ts';
import { type ActivityEntry, requestOrigin, staffActivity, withActivity } from '../activity/index.ts';
import {
  conversionFor,
  createFromForm,
  deleteProducts,
  listProducts,
  PRODUCT_NOT_FOUND,
  type ProductRow,
  productDetail,
  toListItem,
  updateFromForm,
  withSearchTerms,
} from '../products/index.ts';
import {
  type ApprovalDecision,
  decideApproval,
  findVendorProduct,
  ownedBy,
} from './vendor-products.repository.ts';

/** Every vendor write waits for staff again before shoppers see it. */
const PENDING = { state: 'pending', note: null } as const;
export const SUBMITTED = 'Product saved. Shoppers will see it once it is approved.';

/** An activity log entry for a vendor's change to their own products. */
function vendorActivity(
  request: FastifyRequest,
  vendor: VendorAuth,
  entry: Pick<ActivityEntry, 'action' | 'target' | 'details'>,
): ActivityEntry {
  return {
    actorType: 'vendor',
    actorId: vendor.id,
    actorName: vendor.name,
    actorEmail: vendor.email,
    ...requestOrigin(request),
    ...entry,
  };
}

/** The product as the editor reads it (SKUs in its own currency), with its approval. */
async function vendorProduct(db: Database, row: ProductRow, rates?: Rates) {
  const detail = await productDetail(db, row, {
    rates: rates ?? (await loadRates(db)),
    currency: row.currency,
    staff: true,
  });
  return { ...detail, approval: row.approval, approvalNote: row.approvalNote };
}

export function createVendorProductHandlers(deps: { db: Database }) {
  const { db } = deps;

  async function decide(request: FastifyRequest, id: string, decision: ApprovalDecision) {
    const staff = requireStaff(request);
    const after = await withActivity(
      db,
      async (tx) => {
        const result = await decideApproval(tx, id, decision);
        if (!result) throw notFound(PRODUCT_NOT_FOUND);
        const { before, after } = result;
        if (!after) throw conflict(`This product is not waiting for approval (it is ${before.approval}).`);
        return after;
      },
      (decided) =>
        staffActivity(request, staff, {
          action: decision.state === 'approved' ? 'product.approve' : 'product.reject',
          target: `product:${decided.id}`,
          details: {
            title: decided.title,
            storeId: decided.storeId,
            ...(decision.note === null ? {} : { reason: decision.note }),
          },
        }),
    );
    return productDetail(db, after, { rates: await loadRates(db), currency: after.currency, staff: true });
  }

  return {
    listVendorProducts: operation('listVendorProducts', async (request) => {
      const vendor = requireVendor(request);
      const { page = 1, limit = 10, q, status, approval } = request.query;
      const result = await listProducts(
        db,
        await withSearchTerms(db, { q, status, approval, source: 'vendor', store: vendor.id }),
        { page, limit, sort: 'newest', currency: 'USD' },
      );
      // Each product in its own currency: the vendor prices in it, and no rate is guessed.
      const data = result.rows.map((row) => ({
        ...toListItem(row, conversionFor(row.currency, row.currency, null, null)),
        approval: row.approval,
        approvalNote: row.approvalNote,
      }));
      return { success: true, data, meta: { page, limit, total: result.total } };
    }),

    getVendorProduct: operation('getVendorProduct', async (request) => {
      const vendor = requireVendor(request);
      const row = await findVendorProduct(db, vendor.id, request.params.id);
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      return { success: true, data: await vendorProduct(db, row) };
    }),

    createVendorProduct: operation('createVendorProduct', async (request, reply) => {
      const vendor = requireVendor(request);
      // Whose product it is comes from the token alone; the body's fields cannot name a source or store.
      const { row, rates } = await createFromForm(
        db,
        request.body,
        { source: 'vendor', storeId: vendor.id, approval: PENDING },
        (created) =>
          vendorActivity(request, vendor, {
            action: 'vendor.product.create',
            target: `product:${created.id}`,
            details: { title: created.title, status: created.status },
          }),
      );
      void reply.code(201);
      return { success: true, message: SUBMITTED, data: await vendorProduct(db, row, rates) };
    }),

    updateVendorProduct: operation('updateVendorProduct', async (request) => {
      const vendor = requireVendor(request);
      const existing = await findVendorProduct(db, vendor.id, request.params.id);
      if (!existing) throw notFound(PRODUCT_NOT_FOUND);
      const { row, rates } = await updateFromForm(
        db,
        existing,
        request.body,
        { by: vendor.name, approval: PENDING },
        (saved) =>
          vendorActivity(request, vendor, {
            action: 'vendor.product.update',
            target: `product:${saved.id}`,
            details: {
              title: saved.title,
              before: { title: existing.title, status: existing.status, approval: existing.approval },
              after: { title: saved.title, status: saved.status, approval: saved.approval },
            },
          }),
      );
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      return { success: true, message: SUBMITTED, data: await vendorProduct(db, row, rates) };
    }),

    deleteVendorProduct: operation('deleteVendorProduct', async (request) => {
      const vendor = requireVendor(request);
      const deleted = await withActivity(
        db,
        async (tx) => {
          const [row] = await deleteProducts(tx, [request.params.id], ownedBy(vendor.id));
          if (!row) throw notFound(PRODUCT_NOT_FOUND);
          return row;
        },
        (row) =>
          vendorActivity(request, vendor, {
            action: 'vendor.product.delete',
            target: `product:${row.id}`,
            details: { title: row.title, productId: row.productId },
          }),
      );
      return { success: true, message: 'Product deleted successfully.', data: { _id: deleted.id } };
    }),

    approveProduct: operation('approveProduct', async (request) => {
      const data = await decide(request, request.params.id, { state: 'approved', note: null });
      return { success: true, message: 'Product approved.', data };
    }),

    rejectProduct: operation('rejectProduct', async (request) => {
      const reason = request.body.reason.trim();
      const data = await decide(request, request.params.id, { state: 'rejected', note: reason });
      return { success: true, message: 'Product rejected.', data };
    }),
  };
}
