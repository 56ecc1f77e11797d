import { eq } from 'drizzle-orm';
import { requireCustomer, requireStaff } from '../../auth/permissions.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { orders, refunds } from '../../db/schema.ts';
import {
  type ApiError,
  badGateway,
  badRequest,
  conflict,
  notFound,
  unprocessable,
} from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { isUuid } from '../../lib/ids.ts';
import { toAmount } from '../../money/money.ts';
import { staffActivity } from '../activity/index.ts';
import type { MarketplaceAdapter } from '../marketplace/index.ts';
import {
  checkedPhoto,
  localMediaStore,
  type MediaStore,
  mediaUrl,
  readMediaSettings,
  storePhotoThen,
} from '../media/index.ts';
import { PaymentError, type PaymentProvider } from '../payments/index.ts';
import { payBackThrough, RefundRejection, refundableMinor } from '../refunds/index.ts';
import { followDispute } from './claims.disputes.ts';
import { claimReport } from './claims.reports.ts';
import {
  CLAIM_NOT_FOUND,
  type ClaimPhotoRow,
  ClaimRejection,
  type ClaimRow,
  claimsOfOrder,
  countPhotos,
  findOwnClaim,
  findOwnOrder,
  findOwnParcel,
  findStaffClaim,
  insertPhoto,
  listClaims,
  MAX_CLAIM_PHOTOS,
  openClaim,
  PARCEL_NOT_FOUND,
  type ParcelRow,
  parcelLines,
  photosOf,
  type StaffClaimRow,
} from './claims.repository.ts';
import { CLAIM_ORDER, claimSettler, claimTarget, NOT_PAID_BACK, shareOf } from './claims.settle.ts';

export const ORDER_NOT_FOUND = 'Order not found.';
export const TOO_MANY_PHOTOS = `A claim can have at most ${MAX_CLAIM_PHOTOS} photos.`;
export const CLAIM_CLOSED = 'Photos can be added while the claim is open.';
export const DESCRIBE_IT = 'Please tell us what happened.';
type PhotoUrl = (row: ClaimPhotoRow) => string;

const toPhoto = (url: PhotoUrl) => (row: ClaimPhotoRow) => ({
  _id: row.id,
  url: url(row),
  width: row.width,
  height: row.height,
});

const toClaim = (row: ClaimRow, parcelNumber: number, photos: ClaimPhotoRow[], url: PhotoUrl) => ({
  _id: row.id,
  orderId: row.orderId,
  parcelId: row.parcelId,
  parcelNumber,
  kind: row.kind,
  description: row.description,
  status: row.status,
  staffNote: row.staffNote,
  reshipParcelId: row.reshipParcelId,
  photos: photos.map(toPhoto(url)),
  createdAt: row.createdAt.toISOString(),
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

const toParcel = (parcel: ParcelRow) => ({
  _id: parcel.id,
  number: parcel.number,
  status: parcel.status,
  supplierId: parcel.supplierId,
  supplierName: parcel.supplierName,
  aeOrderId: parcel.aeOrderId,
  trackingNumber: parcel.trackingNumber,
  carrier: parcel.carrier,
  placedAt: parcel.placedAt?.toISOString() ?? null,
  deliveredAt: parcel.deliveredAt?.toISOString() ?? null,
  promisedBy: parcel.promisedBy?.toISOString() ?? null,
  events: parcel.events,
});

const toStaffClaim = (row: StaffClaimRow, photos: ClaimPhotoRow[], url: PhotoUrl) => ({
  ...toClaim(row.claim, row.parcel.number, photos, url),
  orderNumber: row.orderNumber,
  customerName: row.customerName,
  customerEmail: row.customerEmail,
  currency: row.currency,
  refundId: row.claim.refundId,
  parcel: toParcel(row.parcel),
  dispute: {
    id: row.claim.disputeId,
    status: row.claim.disputeStatus,
    supplierAnswer: row.claim.supplierAnswer,
    error: row.claim.disputeError,
    attempts: row.claim.disputeAttempts,
    checkedAt: row.claim.disputeCheckedAt?.toISOString() ?? null,
  },
});

/** Claims on supplier parcels: shoppers report them, staff settle them, the supplier's dispute follows along. */
export function createClaimHandlers(deps: {
  db: Database;
  config: Pick<AppConfig, 'dataDir' | 'publicUrl' | 'storeUrl'>;
  marketplace: MarketplaceAdapter;
  payments: PaymentProvider;
  media?: MediaStore;
  now?: () => Date;
}) {
  const { db, config, marketplace } = deps;
  const media = deps.media ?? localMediaStore(config.dataDir);
  const now = deps.now ?? (() => new Date());
  const pay = payBackThrough(deps.payments);
  const disputeDeps = { db, marketplace, publicUrl: config.publicUrl };

  async function photoUrls(claimIds: string[]) {
    const [photos, links] = await Promise.all([photosOf(db, claimIds), readMediaSettings(db)]);
    const url: PhotoUrl = (photo) => mediaUrl(links, config.publicUrl, photo.storedName);
    return { photos, url };
  }

  async function shopperClaims(rows: ClaimRow[]) {
    const { photos, url } = await photoUrls(rows.map((row) => row.id));
    const numbers = new Map<string, number>();
    for (const row of rows) {
      if (!numbers.has(row.parcelId)) {
        const parcel = await findStaffClaim(db, row.id);
        numbers.set(row.parcelId, parcel?.parcel.number ?? 0);
      }
    }
    return rows.map((row) => toClaim(row, numbers.get(row.parcelId) ?? 0, photos.get(row.id) ?? [], url));
  }

  async function staffClaims(rows: StaffClaimRow[]) {
    const { photos, url } = await photoUrls(rows.map((row) => row.claim.id));
    return rows.map((row) => toStaffClaim(row, photos.get(row.claim.id) ?? [], url));
  }

  /** One claim as the detail screen shows it: with the parcel's lines, its share and what is left to refund. */
  async function claimDetail(id: string) {
    const row = await findStaffClaim(db, id);
    if (!row) throw notFound(CLAIM_NOT_FOUND);
    const [[shaped], lines, [order]] = await Promise.all([
      staffClaims([row]),
      parcelLines(db, row.parcel.id),
      db.select(CLAIM_ORDER).from(orders).where(eq(orders.id, row.claim.orderId)),
    ]);
    if (!shaped || !order) throw notFound(CLAIM_NOT_FOUND);
    const refundable = await refundableMinor(db, order);
    let refundAmount: number | null = null;
    if (row.claim.refundId) {
      const [refunded] = await db
        .select({ amountMinor: refunds.amountMinor })
        .from(refunds)
        .where(eq(refunds.id, row.claim.refundId));
      refundAmount = refunded ? toAmount(refunded.amountMinor) : null;
    }
    return {
      ...shaped,
      refundAmount,
      lines: lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        value: toAmount(line.valueMinor),
      })),
      share: toAmount(shareOf(order, lines)),
      refundable: toAmount(Math.min(refundable, shareOf(order, lines))),
    };
  }

  function fromRejection(error: ClaimRejection): ApiError {
    if (error.kind === 'not_found') return notFound(error.message);
    return error.kind === 'conflict' ? conflict(error.message) : unprocessable(error.message);
  }

  async function staffRow(id: string): Promise<StaffClaimRow> {
    const row = isUuid(id) ? await findStaffClaim(db, id) : null;
    if (!row) throw notFound(CLAIM_NOT_FOUND);
    return row;
  }

  const { refund, reship, reject } = claimSettler({
    db,
    marketplace,
    pay,
    now,
    storeUrl: config.storeUrl,
  });

  return {
    createParcelClaim: operation('createParcelClaim', async (request, reply) => {
      const customer = requireCustomer(request);
      const { id, parcelId } = request.params;
      const parcel =
        isUuid(id) && isUuid(parcelId)
          ? await findOwnParcel(db, { orderId: id, parcelId, customerId: customer.id })
          : null;
      if (!parcel) throw notFound(PARCEL_NOT_FOUND);
      const description = request.body.description.trim();
      if (description === '') throw badRequest(DESCRIBE_IT);
      let row: ClaimRow;
      try {
        row = await openClaim(db, {
          parcelId: parcel.id,
          customerId: customer.id,
          kind: request.body.kind,
          description,
          now: now(),
        });
      } catch (error) {
        if (error instanceof ClaimRejection) throw fromRejection(error);
        throw error;
      }
      // A lost parcel's dispute opens at once; a damaged one's waits for its photos (the hourly job opens it).
      if (row.kind === 'never_arrived') row = (await followDispute(disputeDeps, row.id, now())) ?? row;
      reply.code(201);
      const [shaped] = await shopperClaims([row]);
      return {
        success: true,
        message: 'Your claim has been sent.',
        data: shaped ?? toClaim(row, parcel.number, [], () => ''),
      };
    }),

    listOrderClaims: operation('listOrderClaims', async (request) => {
      const customer = requireCustomer(request);
      const { id } = request.params;
      const orderId = isUuid(id) ? await findOwnOrder(db, id, customer.id) : null;
      if (!orderId) throw notFound(ORDER_NOT_FOUND);
      return { success: true, data: await shopperClaims(await claimsOfOrder(db, orderId)) };
    }),

    addClaimPhoto: operation('addClaimPhoto', async (request, reply) => {
      const customer = requireCustomer(request);
      const { id } = request.params;
      const claim = isUuid(id) ? await findOwnClaim(db, id, customer.id) : null;
      if (!claim) throw notFound(CLAIM_NOT_FOUND);
      if (claim.status !== 'open') throw unprocessable(CLAIM_CLOSED);
      const photo = await checkedPhoto(request.body);
      // Checked before storing so a full claim costs no upload; checked again under the claim's lock.
      if ((await countPhotos(db, claim.id)) >= MAX_CLAIM_PHOTOS) throw unprocessable(TOO_MANY_PHOTOS);
      const recorded = await storePhotoThen(media, photo, (storedName) =>
        insertPhoto(db, {
          claimId: claim.id,
          customerId: customer.id,
          storedName,
          contentType: photo.contentType,
          sizeBytes: photo.bytes.length,
          width: photo.width,
          height: photo.height,
        }),
      );
      if (typeof recorded === 'string') {
        if (recorded === 'not-found') throw notFound(CLAIM_NOT_FOUND);
        throw unprocessable(recorded === 'full' ? TOO_MANY_PHOTOS : CLAIM_CLOSED);
      }
      const updated = await findOwnClaim(db, claim.id, customer.id);
      if (!updated) throw notFound(CLAIM_NOT_FOUND);
      const [shaped] = await shopperClaims([updated]);
      reply.code(201);
      return { success: true, message: 'Photo added.', data: shaped ?? toClaim(updated, 0, [], () => '') };
    }),

    listParcelClaims: operation('listParcelClaims', async (request) => {
      requireStaff(request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const { rows, total } = await listClaims(db, {
        status: request.query.status,
        kind: request.query.kind,
        page,
        limit,
      });
      return { success: true, data: await staffClaims(rows), meta: { page, limit, total } };
    }),

    getParcelClaim: operation('getParcelClaim', async (request) => {
      requireStaff(request);
      const row = await staffRow(request.params.id);
      return { success: true, data: await claimDetail(row.claim.id) };
    }),

    resolveParcelClaim: operation('resolveParcelClaim', async (request) => {
      const staff = requireStaff(request);
      const row = await staffRow(request.params.id);
      const note = request.body.note?.trim() || null;
      let message: string;
      try {
        if (request.body.action === 'refund') {
          await refund(request, staff, row, note, request.body.amount);
          message = 'Claim refunded.';
        } else if (request.body.action === 'reship') {
          message = await reship(request, staff, row, note);
        } else {
          await reject(request, staff, row, note);
          message = 'Claim rejected.';
        }
      } catch (error) {
        if (error instanceof ClaimRejection) throw fromRejection(error);
        if (error instanceof RefundRejection) {
          throw error.kind === 'invalid' ? unprocessable(error.message) : conflict(error.message);
        }
        if (error instanceof PaymentError) throw badGateway(NOT_PAID_BACK);
        throw error;
      }
      return { success: true, message, data: await claimDetail(row.claim.id) };
    }),

    refreshParcelClaimDispute: operation('refreshParcelClaimDispute', async (request) => {
      const staff = requireStaff(request);
      const row = await staffRow(request.params.id);
      const claim = await followDispute(disputeDeps, row.claim.id, now(), (recorded) =>
        staffActivity(request, staff, {
          action: 'claim.dispute.refresh',
          target: claimTarget(row.orderNumber),
          outcome: recorded.disputeError ? 'failed' : 'success',
          details: {
            claim: recorded.id,
            dispute: recorded.disputeId,
            status: recorded.disputeStatus,
            supplierAnswer: recorded.supplierAnswer,
            error: recorded.disputeError,
          },
        }),
      );
      const message = claim?.disputeError ? claim.disputeError : 'The supplier’s dispute is up to date.';
      return { success: true, message, data: await claimDetail(row.claim.id) };
    }),

    parcelClaimReport: operation('parcelClaimReport', async (request) => {
      requireStaff(request);
      const by = request.query.by ?? 'supplier';
      const rows = await claimReport(db, by);
      return {
        success: true,
        data: {
          by,
          currency: 'USD',
          rows: rows.map((row) => ({
            key: row.key,
            label: row.label,
            claims: row.claims,
            open: row.open,
            reshipments: row.reshipments,
            refunded: toAmount(row.refundedUsdMinor),
          })),
        },
      };
    }),
  };
}
