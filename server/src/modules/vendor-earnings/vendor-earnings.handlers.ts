import { requireStaff, requireVendor } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { notFound, unprocessable, validationError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { toAmount, toMinor } from '../../money/money.ts';
import { staffActivity } from '../activity/index.ts';
import {
  earningsFigures,
  listLedger,
  PayoutRejection,
  recordPayout,
  setCommission,
  VENDOR_NOT_FOUND,
} from './vendor-earnings.repository.ts';
import { toLedgerEntry, toVendorEarnings } from './vendor-earnings.view.ts';

/** How the activity log names a vendor store, as the vendors module's entries do. */
const vendorTarget = (id: string) => `store:${id}`;

export const TWO_DECIMALS = 'Use at most two decimals.';
export const REFERENCE_REQUIRED = 'The transfer reference is required.';
export const PAYOUT_RECORDED = 'Payout recorded.';
export const COMMISSION_SAVED = 'Commission saved.';

/** The vendor panel's Earnings screen and staff's view of a vendor's earnings, payouts and commission. */
export function createVendorEarningsHandlers(deps: { db: Database }) {
  const { db } = deps;

  async function figures(storeId: string) {
    const found = await earningsFigures(db, storeId);
    if (!found) throw notFound(VENDOR_NOT_FOUND);
    return toVendorEarnings(found);
  }

  async function ledgerPage(storeId: string, query: { page?: number; limit?: number }) {
    const { page = 1, limit = 10 } = query;
    const { rows, total } = await listLedger(db, storeId, { page, limit });
    return { success: true as const, data: rows.map(toLedgerEntry), meta: { page, limit, total } };
  }

  /** A percent with at most two decimals in basis points (1250 for 12.5); 400 on the field otherwise. */
  function basisPointsOf(percent: number, path: string): number {
    const basisPoints = toMinor(percent);
    if (basisPoints === null) throw validationError([{ path, message: TWO_DECIMALS }], TWO_DECIMALS);
    return basisPoints;
  }

  return {
    getVendorEarnings: operation('getVendorEarnings', async (request) => {
      const vendor = requireVendor(request);
      return { success: true, data: await figures(vendor.id) };
    }),

    listVendorLedger: operation('listVendorLedger', async (request) => {
      const vendor = requireVendor(request);
      return ledgerPage(vendor.id, request.query);
    }),

    getAdminVendorEarnings: operation('getAdminVendorEarnings', async (request) => {
      requireStaff(request);
      return { success: true, data: await figures(request.params.id) };
    }),

    listAdminVendorLedger: operation('listAdminVendorLedger', async (request) => {
      requireStaff(request);
      const { id } = request.params;
      if (!(await earningsFigures(db, id))) throw notFound(VENDOR_NOT_FOUND);
      return ledgerPage(id, request.query);
    }),

    createVendorPayout: operation('createVendorPayout', async (request, reply) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      const amountMinor = toMinor(request.body.amount);
      if (amountMinor === null) {
        throw validationError([{ path: '/amount', message: TWO_DECIMALS }], TWO_DECIMALS);
      }
      const reference = request.body.reference.trim();
      if (reference === '') {
        throw validationError([{ path: '/reference', message: REFERENCE_REQUIRED }], REFERENCE_REQUIRED);
      }
      const note = request.body.note?.trim() || null;
      try {
        await recordPayout(
          db,
          { storeId: id, amountMinor, reference, note, createdBy: staff.name },
          (balanceAfterMinor) =>
            staffActivity(request, staff, {
              action: 'vendor.payout',
              target: vendorTarget(id),
              details: {
                amount: toAmount(amountMinor),
                reference,
                note,
                balance: toAmount(balanceAfterMinor),
              },
            }),
        );
      } catch (error) {
        if (error instanceof PayoutRejection) {
          throw error.kind === 'not_found' ? notFound(VENDOR_NOT_FOUND) : unprocessable(error.message);
        }
        throw error;
      }
      void reply.code(201);
      return { success: true, message: PAYOUT_RECORDED, data: await figures(id) };
    }),

    updateVendorCommission: operation('updateVendorCommission', async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      const percent = request.body.commissionPercent;
      const basisPoints = percent === null ? null : basisPointsOf(percent, '/commissionPercent');
      const changed = await setCommission(db, id, basisPoints, (before) =>
        before === basisPoints
          ? null
          : staffActivity(request, staff, {
              action: 'vendor.commission.update',
              target: vendorTarget(id),
              details: {
                before: before === null ? null : before / 100,
                after: basisPoints === null ? null : basisPoints / 100,
              },
            }),
      );
      if (!changed) throw notFound(VENDOR_NOT_FOUND);
      return { success: true, message: COMMISSION_SAVED, data: await figures(id) };
    }),
  };
}
