import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { supplierParcels } from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { type ActivityEntry, withActivity } from '../activity/index.ts';
import { type MarketplaceAdapter, MarketplaceError } from '../marketplace/index.ts';
import { mediaUrl, readMediaSettings } from '../media/index.ts';
import { type ClaimRow, claimsToFollow, findClaim, photosOf, recordDispute } from './claims.repository.ts';

export const FOLLOW_CLAIM_DISPUTES = 'claims.follow-disputes';
const BATCH = 50;
/** The shopper adds a damaged claim's photos right after sending it; its dispute waits for them this long. */
export const PHOTOS_GRACE_MS = 15 * 60 * 1000;
export const NO_SUPPLIER_ORDER = 'The parcel has no supplier order to dispute.';

export interface DisputeDeps {
  db: Database;
  marketplace: MarketplaceAdapter;
  /** The API's public origin: the photos' addresses the supplier is sent. */
  publicUrl: string;
}

/**
 * Opens the claim's dispute with the supplier, or reads the supplier's answer when it is open. A refusal or an
 * unreachable marketplace is written on the claim (and tried again by the hourly job); the claim itself is never
 * touched otherwise. Answers the claim as it now stands.
 */
export async function followDispute(
  deps: DisputeDeps,
  claimId: string,
  now: Date,
  /** Staff's Refresh: its activity entry, written with what it recorded. */
  activity?: (claim: ClaimRow) => ActivityEntry,
): Promise<ClaimRow | null> {
  const { db, marketplace } = deps;
  const claim = await findClaim(db, claimId);
  if (!claim) return null;
  const save = (change: Parameters<typeof recordDispute>[2]) =>
    activity
      ? withActivity(
          db,
          (tx) => recordDispute(tx, claim.id, change),
          (row) => (row ? activity(row) : null),
        )
      : recordDispute(db, claim.id, change);
  try {
    if (claim.disputeId === null) {
      const [parcel] = await db
        .select({ aeOrderId: supplierParcels.aeOrderId })
        .from(supplierParcels)
        .where(eq(supplierParcels.id, claim.parcelId));
      if (!parcel?.aeOrderId) {
        return await save({ disputeError: NO_SUPPLIER_ORDER, now, attempted: true });
      }
      const [photos, links] = await Promise.all([photosOf(db, [claim.id]), readMediaSettings(db)]);
      const opened = await marketplace.openDispute({
        orderId: parcel.aeOrderId,
        reason: claim.kind,
        description: claim.description,
        photoUrls: (photos.get(claim.id) ?? []).map((photo) =>
          mediaUrl(links, deps.publicUrl, photo.storedName),
        ),
      });
      return await save({
        disputeId: opened.disputeId,
        disputeStatus: 'open',
        disputeError: null,
        now,
        attempted: true,
      });
    }
    const dispute = await marketplace.getDispute(claim.disputeId);
    return await save({
      disputeStatus: dispute.status,
      supplierAnswer: dispute.answer,
      disputeError: null,
      now,
      attempted: false,
    });
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return await save({
      disputeError: error.message,
      now,
      attempted: claim.disputeId === null,
    });
  }
}

/** Hourly: opens the disputes still to open and records the suppliers' answers to those open. */
export function followClaimDisputesJob(deps: DisputeDeps & { now?: () => Date }): JobDefinition {
  const now = deps.now ?? (() => new Date());
  return {
    name: FOLLOW_CLAIM_DISPUTES,
    cron: '41 * * * *',
    retryLimit: 2,
    run: async () => {
      const result = { asked: 0, failed: 0 };
      const at = now();
      for (const { id, kind, createdAt, disputeId } of await claimsToFollow(deps.db, BATCH)) {
        // A damaged claim's photos are still coming in: its dispute opens with them, next time.
        if (
          disputeId === null &&
          kind === 'damaged' &&
          at.getTime() - createdAt.getTime() < PHOTOS_GRACE_MS
        ) {
          continue;
        }
        const claim = await followDispute(deps, id, at);
        result.asked += 1;
        if (claim?.disputeError) result.failed += 1;
      }
      return result;
    },
  };
}
