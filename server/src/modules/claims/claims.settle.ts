import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { minorStep, toAmount, toDecimalText, toMinor } from '../../money/money.ts';
import { staffActivity, withActivity } from '../activity/index.ts';
import { ParcelRejection, placeParcel } from '../forwarding/index.ts';
import { queueMail } from '../mail/index.ts';
import { type MarketplaceAdapter, MarketplaceError } from '../marketplace/index.ts';
import { type PayBack, refundLockedOrder } from '../refunds/index.ts';
import {
  CLAIM_NOT_FOUND,
  ClaimRejection,
  insertReshipment,
  lockOpenClaim,
  type ParcelLine,
  parcelLines,
  type StaffClaimRow,
  settleClaim,
} from './claims.repository.ts';

// Settling a claim: a refund of the parcel's share, a reshipment placed with the supplier, or a rejection with a
// note; each in one transaction with its activity entry and the shopper's mail. The goods are never asked back.

export const NOTE_NEEDED = 'Please tell the shopper why the claim is rejected.';
export const AMOUNT_DECIMALS = 'The amount must be a positive number with at most two decimals.';
export const NOT_PAID_BACK = 'The payment provider could not pay the refund back. Please try again later.';
export const beyondShareMessage = (shareMinor: number, currency: string) =>
  `The refund cannot exceed the parcel's share of the order (${toDecimalText(shareMinor)} ${currency}).`;

export const RESHIPPED = 'Reshipment created and placed with the supplier.';
export const reshipNotPlaced = (reason: string) =>
  `Reshipment created, but the supplier did not take it yet: ${reason} It waits on the forwarding screen.`;

/** The parcel's items' share of what the shopper paid: its lines' value, with their part of delivery, tax, discount. */
export function shareOf(
  order: { totalMinor: number; itemsMinor: number; currency: string },
  lines: ParcelLine[],
): number {
  const value = lines.reduce((sum, line) => sum + line.valueMinor, 0);
  if (order.itemsMinor <= 0) return 0;
  const share = Math.min(order.totalMinor, Math.round((order.totalMinor * value) / order.itemsMinor));
  const step = minorStep(order.currency);
  return share - (share % step);
}

/** What settling a claim reads of its order: the share it may pay back and where the payment went. */
export const CLAIM_ORDER = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  currency: orders.currency,
  isPaid: orders.isPaid,
  totalMinor: orders.totalMinor,
  itemsMinor: orders.itemsMinor,
  refundedMinor: orders.refundedMinor,
  paymentRef: orders.paymentRef,
};

export const claimTarget = (orderNumber: string) => `order:${orderNumber}`;

export function claimSettler(deps: {
  db: Database;
  marketplace: MarketplaceAdapter;
  pay: PayBack;
  now: () => Date;
  storeUrl: string;
}) {
  const { db, marketplace, pay, now, storeUrl } = deps;

  /** Tells the shopper how their claim was settled, in the change's transaction. */
  function tellShopper(tx: Database, row: StaffClaimRow, text: string) {
    return queueMail(tx, {
      to: row.customerEmail,
      subject: `Your claim on order ${row.orderNumber}`,
      body:
        `Hello ${row.customerName},\n\n${text}\n\n` +
        `You can see your order at ${storeUrl.replace(/\/+$/, '')}/order/${row.claim.orderId}\n`,
      kind: 'parcel_claim',
    });
  }

  async function refund(
    request: FastifyRequest,
    staff: StaffAuth,
    row: StaffClaimRow,
    note: string | null,
    amount?: number,
  ) {
    const requested = amount === undefined ? null : toMinor(amount);
    if (amount !== undefined && (requested === null || requested <= 0)) throw badRequest(AMOUNT_DECIMALS);
    const at = now();
    await db.transaction(async (tx) => {
      await lockOpenClaim(tx, row.claim.id);
      const [order] = await tx
        .select(CLAIM_ORDER)
        .from(orders)
        .where(eq(orders.id, row.claim.orderId))
        .for('update');
      if (!order) throw new ClaimRejection('not_found', CLAIM_NOT_FOUND);
      const share = shareOf(order, await parcelLines(tx, row.parcel.id));
      const amountMinor = requested ?? share;
      if (amountMinor > share) throw new ClaimRejection('invalid', beyondShareMessage(share, order.currency));
      if (amountMinor <= 0) throw new ClaimRejection('invalid', beyondShareMessage(share, order.currency));
      const made = await refundLockedOrder(
        tx,
        order,
        {
          amountMinor,
          reason: `Claim on parcel ${row.parcel.number}: ${row.claim.kind === 'never_arrived' ? 'never arrived' : 'damaged'}`,
          createdBy: staff.name,
          now: at,
          pay,
        },
        (view) =>
          staffActivity(request, staff, {
            action: 'claim.refund',
            target: claimTarget(row.orderNumber),
            details: {
              claim: row.claim.id,
              parcel: row.parcel.number,
              refund: view.refund.id,
              amount: toAmount(amountMinor),
              currency: order.currency,
              status: view.refund.status,
              note,
            },
          }),
      );
      await settleClaim(tx, row.claim.id, {
        status: 'refunded',
        staffNote: note,
        resolvedByAdminId: staff.id,
        resolvedAt: at,
        refundId: made.refund.id,
      });
      await tellShopper(
        tx,
        row,
        `We are sorry about parcel ${row.parcel.number}. We have refunded ${toDecimalText(amountMinor)} ${order.currency} ` +
          `for it; you keep the goods.${note ? `\n\n${note}` : ''}`,
      );
    });
  }

  async function reship(
    request: FastifyRequest,
    staff: StaffAuth,
    row: StaffClaimRow,
    note: string | null,
  ): Promise<string> {
    const at = now();
    const parcel = await withActivity(
      db,
      async (tx) => {
        await lockOpenClaim(tx, row.claim.id);
        const created = await insertReshipment(tx, row.parcel, at);
        await settleClaim(tx, row.claim.id, {
          status: 'reshipped',
          staffNote: note,
          resolvedByAdminId: staff.id,
          resolvedAt: at,
          reshipParcelId: created.id,
        });
        await tellShopper(
          tx,
          row,
          `We are sorry about parcel ${row.parcel.number}. We are sending its items again as parcel ${created.number}; ` +
            `you will see its tracking on your order.${note ? `\n\n${note}` : ''}`,
        );
        return created;
      },
      (created) =>
        staffActivity(request, staff, {
          action: 'claim.reship',
          target: claimTarget(row.orderNumber),
          details: { claim: row.claim.id, parcel: row.parcel.number, reshipment: created.number, note },
        }),
    );
    // Placed after the change commits: the supplier call cannot be undone, and a refusal leaves the parcel with its
    // failure on the forwarding screen, where its fixes are.
    try {
      const placed = await placeParcel(db, {
        marketplace,
        parcelId: parcel.id,
        by: staff.name,
        now: now(),
        activity: (attempt) =>
          staffActivity(request, staff, {
            action: 'claim.reship.place',
            target: claimTarget(row.orderNumber),
            outcome: attempt.ok === false ? 'failed' : 'success',
            details: {
              claim: row.claim.id,
              parcel: parcel.number,
              aeOrderId: attempt.ok ? attempt.aeOrderId : null,
              error: attempt.ok === false ? attempt.error.message : null,
            },
          }),
      });
      return placed.ok ? RESHIPPED : reshipNotPlaced(placed.error.message);
    } catch (error) {
      if (error instanceof ParcelRejection || error instanceof MarketplaceError)
        return reshipNotPlaced(error.message);
      throw error;
    }
  }

  async function reject(request: FastifyRequest, staff: StaffAuth, row: StaffClaimRow, note: string | null) {
    if (note === null) throw badRequest(NOTE_NEEDED);
    const at = now();
    await withActivity(
      db,
      async (tx) => {
        await lockOpenClaim(tx, row.claim.id);
        await settleClaim(tx, row.claim.id, {
          status: 'rejected',
          staffNote: note,
          resolvedByAdminId: staff.id,
          resolvedAt: at,
        });
        await tellShopper(
          tx,
          row,
          `We looked into your claim on parcel ${row.parcel.number} and cannot accept it.\n\n${note}`,
        );
      },
      staffActivity(request, staff, {
        action: 'claim.reject',
        target: claimTarget(row.orderNumber),
        details: { claim: row.claim.id, parcel: row.parcel.number, note },
      }),
    );
  }

  return { refund, reship, reject };
}
