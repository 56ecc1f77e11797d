import type { components } from '@shop/sdk/types';
import type { FastifyRequest } from 'fastify';
import type { VendorAuth } from '../../auth/auth-context.ts';
import { STORE_SUSPENDED } from '../../auth/guards.ts';
import {
  addressKey,
  type LoginThrottle,
  MAX_REGISTRATIONS_PER_ADDRESS,
  TOO_MANY_TRIES_MESSAGE,
} from '../../auth/login-throttle.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import { requireStaff, requireVendor } from '../../auth/permissions.ts';
import type { TokenService } from '../../auth/tokens.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { ApiError, conflict, forbidden, notFound, unauthorized, validationError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { toAmount } from '../../money/money.ts';
import {
  type ActivityEntry,
  recordFailedAttempt,
  requestOrigin,
  staffActivity,
  withActivity,
} from '../activity/index.ts';
import { normalizeEmail } from '../customers/index.ts';
import {
  displayName,
  fileOrRefuse,
  findFolderByName,
  imageKind,
  keepFile,
  localMediaStore,
  type MediaStore,
  mediaUrl,
  PRODUCT_FOLDER,
  readMediaSettings,
  TOO_LARGE,
} from '../media/index.ts';
import { openSession, revokeSession, type SignInGuard } from '../security/index.ts';
import { readStoreSettings } from '../settings/index.ts';
import {
  applicationApproved,
  applicationForStaff,
  applicationReceived,
  applicationRejected,
  storeReactivated,
  storeSuspended,
} from './vendors.mail.ts';
import {
  type Decision,
  dashboardFigures,
  decide,
  findVendor,
  findVendorForSignIn,
  insertApplication,
  listApplications,
  statusCounts,
  updateVendor,
  type VendorRow,
  type VendorStatus,
} from './vendors.repository.ts';
import { vendorFieldErrors, vendorValues } from './vendors.validation.ts';

type VendorProfile = components['schemas']['VendorProfile'];

export const VENDOR_LOGIN_FAILED = 'Invalid credentials.';
export const APPLICATION_PENDING = 'Your application is still under review.';
export const applicationNotApproved = (reason: string | null) =>
  reason ? `Your application was not approved: ${reason}` : 'Your application was not approved.';
export const STORE_EMAIL_TAKEN = 'A store with this email already exists.';
export const VENDOR_NOT_FOUND = 'Vendor not found.';
export const REASON_REQUIRED = 'Give the reason for rejecting the application.';
export const NOT_A_VENDOR_IMAGE = 'Only JPG, PNG or WebP images can be uploaded.';
export const APPLICATION_RECEIVED =
  'Your application was received. It is under review; we will write to you by email once it is decided.';

/** How many orders the dashboard's Recent Orders table shows. */
export const RECENT_ORDERS = 5;

const ARTICLE: Record<VendorStatus, string> = { pending: 'A', active: 'An', rejected: 'A', suspended: 'A' };
const VERB: Record<Decision, string> = {
  approve: 'approved',
  reject: 'rejected',
  suspend: 'suspended',
  reactivate: 'reactivated',
};

/** How the activity log names a vendor store it is about. */
export const vendorTarget = (id: string) => `store:${id}`;

export function toVendorProfile(row: VendorRow): VendorProfile {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    description: row.description,
    logoUrl: row.logoUrl,
    status: row.status,
    reviewNote: row.reviewNote,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Why a store that gave the right password still cannot sign in, or null when it can. */
function signInRefusal(store: VendorRow): string | null {
  if (store.status === 'pending') return APPLICATION_PENDING;
  if (store.status === 'rejected') return applicationNotApproved(store.reviewNote);
  if (store.status === 'suspended') return STORE_SUSPENDED;
  return null;
}

export function createVendorHandlers(deps: {
  db: Database;
  tokens: TokenService;
  throttle: LoginThrottle;
  guard: SignInGuard;
  config: Pick<AppConfig, 'dataDir' | 'publicUrl' | 'vendorUrl'>;
  media?: MediaStore;
}) {
  const { db, tokens, throttle, guard, config } = deps;
  const media = deps.media ?? localMediaStore(config.dataDir);

  /** An activity log entry for a vendor's own action. */
  const vendorActivity = (
    request: FastifyRequest,
    vendor: Pick<VendorAuth, 'id' | 'name' | 'email'> | null,
    entry: Omit<ActivityEntry, 'actorType' | 'actorId' | 'actorName' | 'ip' | 'userAgent'>,
  ): ActivityEntry => ({
    actorType: 'vendor',
    actorId: vendor?.id ?? null,
    actorName: vendor?.name ?? null,
    ...requestOrigin(request),
    ...entry,
  });

  async function ownStore(vendor: VendorAuth): Promise<VendorRow> {
    const row = await findVendor(db, vendor.id);
    if (!row) throw notFound(VENDOR_NOT_FOUND);
    return row;
  }

  /** A staff decision on a vendor store: the transition, its log entry and the message to the vendor. */
  async function decision(
    request: FastifyRequest,
    id: string,
    kind: Decision,
    message: (row: VendorRow, shopName: string, vendorUrl: string) => ReturnType<typeof applicationApproved>,
    reason?: string,
  ) {
    const staff = requireStaff(request);
    const { storeName } = await readStoreSettings(db);
    const result = await decide(db, id, kind, {
      ...(reason !== undefined ? { reason } : {}),
      activity: staffActivity(request, staff, { action: `vendor.${kind}`, target: vendorTarget(id) }),
      message: (row) => message(row, storeName, config.vendorUrl),
    });
    if (!result) throw notFound(VENDOR_NOT_FOUND);
    if ('refused' in result) {
      throw conflict(`${ARTICLE[result.refused]} ${result.refused} store cannot be ${VERB[kind]}.`);
    }
    return result.row;
  }

  return {
    vendorLogin: operation('vendorLogin', async (request) => {
      const email = normalizeEmail(request.body.email);
      const store = await findVendorForSignIn(db, email);
      const attempt = await guard.begin('vendor', store, email, request.ip);
      const passwordOk = store?.passwordHash
        ? await verifyPassword(store.passwordHash, request.body.password)
        : await verifyAgainstDummy(request.body.password);
      if (!store || !passwordOk) {
        await attempt.failed();
        await recordFailedAttempt(
          db,
          request,
          vendorActivity(request, store, {
            actorEmail: email,
            action: 'vendor.login',
            outcome: 'failed',
            details: { reason: store ? 'wrong password' : 'unknown email' },
          }),
        );
        throw unauthorized(VENDOR_LOGIN_FAILED);
      }
      await attempt.passed();
      // Checked only after the password, so an application's state is not revealed to someone guessing.
      const refusal = signInRefusal(store);
      if (refusal !== null) {
        await recordFailedAttempt(
          db,
          request,
          vendorActivity(request, store, {
            actorEmail: store.email,
            action: 'vendor.login',
            outcome: 'failed',
            details: { reason: store.status },
          }),
        );
        throw forbidden(refusal);
      }
      await guard.signedIn('vendor', store, request.ip);
      const session = await withActivity(
        db,
        (tx) =>
          openSession(tx, {
            actorType: 'vendor',
            accountId: store.id,
            userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
            ip: request.ip,
            ttlSeconds: tokens.ttlSeconds.vendor,
          }),
        (opened) =>
          vendorActivity(request, store, {
            actorEmail: store.email,
            action: 'vendor.login',
            details: { session: opened.id },
          }),
      );
      const token = await tokens.signVendor({
        sub: store.id,
        sid: session.id,
        name: store.name,
        email: store.email,
        tv: store.tokenVersion,
      });
      return {
        success: true,
        message: 'Login successful.',
        data: { token, store: toVendorProfile(store) },
      };
    }),

    vendorLogout: operation('vendorLogout', async (request) => {
      const vendor = requireVendor(request);
      await revokeSession(db, vendor.sessionId, 'vendor', vendor.id);
      return { success: true, message: 'Logout successful.' };
    }),

    applyVendor: operation('applyVendor', async (request, reply) => {
      // Every application from an address counts, made or refused: stores cannot be created in bulk.
      await throttle.take(
        [{ key: `vendor:apply:${addressKey(request.ip)}`, max: MAX_REGISTRATIONS_PER_ADDRESS }],
        TOO_MANY_TRIES_MESSAGE,
      );
      const { storeName, password, ...rest } = request.body;
      const fields = { ...rest, name: storeName };
      const errors = vendorFieldErrors(fields, '/storeName');
      if (errors.length > 0) throw validationError(errors, errors[0]?.message);
      const { logoUrl: _none, ...values } = vendorValues(fields);
      const settings = await readStoreSettings(db);
      // Only these fields are written: a status or kind the client sent never reaches the row.
      const row = await insertApplication(
        db,
        { ...values, passwordHash: await hashPassword(password) },
        (created) => [
          applicationReceived(created, settings.storeName),
          applicationForStaff(created, settings.contactEmail),
        ],
      );
      if (!row) throw conflict(STORE_EMAIL_TAKEN);
      void reply.code(201);
      return { success: true, message: APPLICATION_RECEIVED, data: toVendorProfile(row) };
    }),

    getVendorProfile: operation('getVendorProfile', async (request) => {
      const vendor = requireVendor(request);
      return { success: true, data: toVendorProfile(await ownStore(vendor)) };
    }),

    updateVendorProfile: operation('updateVendorProfile', async (request) => {
      const vendor = requireVendor(request);
      const errors = vendorFieldErrors(request.body);
      if (errors.length > 0) throw validationError(errors, errors[0]?.message);
      const changes = vendorValues(request.body);
      const keys = Object.keys(changes) as (keyof typeof changes)[];
      const { updated } = await withActivity(
        db,
        async (tx) => {
          const before = await findVendor(tx, vendor.id);
          if (!before) throw notFound(VENDOR_NOT_FOUND);
          const updated = await updateVendor(tx, vendor.id, changes);
          if (updated === 'taken') {
            throw new ApiError(409, 'CONFLICT', STORE_EMAIL_TAKEN, [
              { path: '/email', message: STORE_EMAIL_TAKEN },
            ]);
          }
          if (!updated) throw notFound(VENDOR_NOT_FOUND);
          return { before, updated };
        },
        // Saving the same values again changes nothing, and logs nothing.
        ({ before, updated }) => {
          const changed = keys.filter((key) => before[key] !== changes[key]);
          return changed.length === 0
            ? null
            : vendorActivity(request, vendor, {
                actorEmail: updated.email,
                action: 'vendor.settings.update',
                target: vendorTarget(vendor.id),
                details: {
                  before: Object.fromEntries(changed.map((key) => [key, before[key]])),
                  after: Object.fromEntries(changed.map((key) => [key, changes[key]])),
                },
              });
        },
      );
      return { success: true, message: 'Settings saved!', data: toVendorProfile(updated) };
    }),

    uploadVendorImage: operation('uploadVendorImage', async (request, reply) => {
      const vendor = requireVendor(request);
      const file = fileOrRefuse(request.body, TOO_LARGE);
      const kind = imageKind(file.bytes);
      if (kind === null || kind === 'gif') throw new ApiError(415, 'BAD_REQUEST', NOT_A_VENDOR_IMAGE);
      // Kept in the library's Product folder as staff uploads are, so staff can find and manage them.
      const folder = await findFolderByName(db, PRODUCT_FOLDER);
      if (!folder) throw new Error('the Product media folder is missing');
      const row = await keepFile(
        db,
        media,
        {
          folderId: folder.id,
          name: displayName(file.filename, kind),
          bytes: file.bytes,
          kind,
          uploadedBy: `${vendor.name} (vendor)`,
        },
        (kept) =>
          vendorActivity(request, vendor, {
            actorEmail: vendor.email,
            action: 'media.upload',
            target: `media:${kept.storedName}`,
            details: { size: file.bytes.length },
          }),
      );
      void reply.code(201);
      return {
        success: true,
        data: { url: mediaUrl(await readMediaSettings(db), config.publicUrl, row.storedName) },
      };
    }),

    getVendorDashboard: operation('getVendorDashboard', async (request) => {
      const vendor = requireVendor(request);
      const store = await ownStore(vendor);
      const figures = await dashboardFigures(db, vendor.id, RECENT_ORDERS);
      return {
        success: true,
        data: {
          storeName: store.name,
          orders: figures.orders,
          revenue: toAmount(figures.revenueMinor),
          currency: 'USD' as const,
          activeProducts: figures.activeProducts,
          recentOrders: figures.recent.map((order) => ({
            _id: order.id,
            orderNumber: order.orderNumber,
            customer: order.customer,
            date: order.createdAt.toISOString(),
            amount: toAmount(order.amountMinor),
            currency: order.currency,
            status: order.status,
          })),
        },
      };
    }),

    listVendorApplications: operation('listVendorApplications', async (request) => {
      const { page = 1, limit = 20, status, q } = request.query;
      const [{ rows, total }, counts] = await Promise.all([
        listApplications(db, { status, q }, { offset: (page - 1) * limit, limit }),
        statusCounts(db),
      ]);
      return { success: true, data: rows.map(toVendorProfile), meta: { page, limit, total }, counts };
    }),

    approveVendorApplication: operation('approveVendorApplication', async (request) => {
      const row = await decision(request, request.params.id, 'approve', applicationApproved);
      return {
        success: true,
        message: `${row.name} is approved: it can sign in to the vendor panel.`,
        data: toVendorProfile(row),
      };
    }),

    rejectVendorApplication: operation('rejectVendorApplication', async (request) => {
      const reason = request.body.reason.trim();
      if (reason === '')
        throw validationError([{ path: '/reason', message: REASON_REQUIRED }], REASON_REQUIRED);
      const row = await decision(
        request,
        request.params.id,
        'reject',
        (store, shopName) => applicationRejected(store, shopName, reason),
        reason,
      );
      return {
        success: true,
        message: `The application of ${row.name} was rejected.`,
        data: toVendorProfile(row),
      };
    }),

    suspendVendor: operation('suspendVendor', async (request) => {
      const row = await decision(request, request.params.id, 'suspend', storeSuspended);
      return {
        success: true,
        message: `${row.name} is suspended: its products are off the storefront.`,
        data: toVendorProfile(row),
      };
    }),

    reactivateVendor: operation('reactivateVendor', async (request) => {
      const row = await decision(request, request.params.id, 'reactivate', storeReactivated);
      return {
        success: true,
        message: `${row.name} is active again: its products are back on the storefront.`,
        data: toVendorProfile(row),
      };
    }),
  };
}
