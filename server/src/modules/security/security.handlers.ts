import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { addressKey, type LoginThrottle, TOO_MANY_TRIES_MESSAGE } from '../../auth/login-throttle.ts';
import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound, validationError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { requestOrigin, staffActivity, withActivity } from '../activity/index.ts';
import { ACCOUNT_UNLOCKED, UNLOCK_LINK_INVALID, unlockAccount } from './account-lock.ts';
import { deviceName } from './device.ts';
import { allowListPermits, normalizeAllowList } from './ip-allow-list.ts';
import {
  listSecurityEvents,
  loadSecuritySettings,
  recordSecurityEvent,
  SECURITY_ACTIONS,
  type SecurityAction,
  saveSecuritySettings,
  toSecuritySettings,
} from './security.repository.ts';
import { listLiveSessions, revokeSession } from './sessions.repository.ts';
import type { SignInGuard } from './sign-in-guard.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  findStaffById,
  setPendingTwoFactorSecret,
  takeTwoFactorStep,
} from './staff-credentials.repository.ts';
import { newRecoveryCodes, newTwoFactorSecret, totpCodeStep } from './two-factor.ts';

export const TWO_FACTOR_ALREADY_ON = 'Two-factor authentication is already on.';
export const TWO_FACTOR_NOT_ON = 'Two-factor authentication is not on.';
export const TWO_FACTOR_NOT_STARTED = 'Start the set-up again: no enrolment is waiting for a code.';
export const CODE_WRONG = 'The code is not valid.';
export const SESSION_NOT_FOUND = 'That session has already ended.';
/** Unlock links one address may try in the sign-in window (15 minutes). */
export const MAX_UNLOCK_TRIES_PER_ADDRESS = 20;

const ACTOR_OF = { staff: 'admin', customer: 'customer', vendor: 'vendor' } as const;

export const lockOutMessage = (ip: string) =>
  `This IP whitelist would lock you out (your address is ${ip}). Add it to the list first.`;

export function createSecurityHandlers(deps: {
  db: Database;
  throttle: LoginThrottle;
  guard: SignInGuard;
  secrets: SecretBox;
}) {
  const { db, throttle, guard, secrets } = deps;

  async function securityEvent(
    request: FastifyRequest,
    staff: StaffAuth,
    action: SecurityAction,
    details: Record<string, unknown> = {},
  ) {
    await recordSecurityEvent(db, {
      action,
      user: staff.email,
      adminId: staff.id,
      ip: request.ip,
      severity: action === SECURITY_ACTIONS.twoFactorDisabled ? 'high' : 'medium',
      details,
    });
  }

  /**
   * Guessing codes on a stolen session counts against the same limits as guessing at sign-in; a code is taken
   * for the account, so the one that turns two-factor on or off cannot sign in as well.
   */
  async function assertCode(request: FastifyRequest, staff: StaffAuth, secret: string, code: string) {
    const attempt = await guard.begin('staff', staff, staff.email, request.ip);
    const step = await totpCodeStep(secret, code);
    if (step !== null && (await takeTwoFactorStep(db, staff.id, step))) {
      await attempt.passed();
      return;
    }
    await attempt.failed();
    throw validationError([{ path: '/code', message: CODE_WRONG }], CODE_WRONG);
  }

  async function currentAccount(staff: StaffAuth) {
    const row = await findStaffById(db, staff.id);
    if (!row) throw notFound();
    return row;
  }

  return {
    unlockAccount: operation('unlockAccount', async (request) => {
      // Tokens cannot be guessed; this only keeps an address from trying many.
      const attempt = await throttle.take(
        [{ key: `unlock:ip:${addressKey(request.ip)}`, max: MAX_UNLOCK_TRIES_PER_ADDRESS }],
        TOO_MANY_TRIES_MESSAGE,
      );
      const lifted = await withActivity(
        db,
        (tx) => unlockAccount(tx, request.body.token),
        (done) =>
          done && {
            actorType: ACTOR_OF[done.scope],
            actorId: done.accountId,
            action: 'account.unlock',
            target: `${ACTOR_OF[done.scope]}:${done.accountId}`,
            ...requestOrigin(request),
          },
      );
      if (!lifted) {
        throw validationError([{ path: '/token', message: UNLOCK_LINK_INVALID }], UNLOCK_LINK_INVALID);
      }
      await attempt.giveBack();
      await guard.unlocked(lifted.scope, lifted.accountId);
      return { success: true, message: ACCOUNT_UNLOCKED };
    }),

    getSecuritySettings: operation('getSecuritySettings', async () => ({
      success: true,
      data: toSecuritySettings(await loadSecuritySettings(db)),
    })),

    updateSecuritySettings: operation('updateSecuritySettings', async (request) => {
      const staff = requireStaff(request);
      const { list, problems } = normalizeAllowList(request.body.ipWhitelist);
      if (problems.length > 0) {
        throw validationError(
          problems.map(({ index, message }) => ({ path: `/ipWhitelist/${index}`, message })),
          problems.map((problem) => problem.message).join(' '),
        );
      }
      if (!allowListPermits(list, request.ip)) throw conflict(lockOutMessage(request.ip));

      const saved = await saveSecuritySettings(
        db,
        { ...request.body, ipWhitelist: list },
        {
          actorType: 'admin',
          actorId: staff.id,
          actorName: staff.name,
          actorEmail: staff.email,
          ...requestOrigin(request),
        },
      );
      await securityEvent(request, staff, SECURITY_ACTIONS.settingsChanged);
      return { success: true, message: 'Security settings saved.', data: toSecuritySettings(saved) };
    }),

    listSecurityEvents: operation('listSecurityEvents', async (request) => {
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 10;
      const { rows, total } = await listSecurityEvents(db, page, limit);
      return {
        success: true,
        data: rows.map((row) => ({
          id: row.id,
          action: row.action,
          user: row.user,
          ip: row.ip,
          timestamp: row.at.toISOString(),
          severity: row.severity,
        })),
        meta: { page, limit, total },
      };
    }),

    getTwoFactorStatus: operation('getTwoFactorStatus', async (request) => {
      const row = await currentAccount(requireStaff(request));
      const settings = await loadSecuritySettings(db);
      return {
        success: true,
        data: {
          enabled: row.twoFactorEnabled,
          pending: !row.twoFactorEnabled && row.twoFactorPendingSecret !== null,
          required: settings.twoFactorRequired,
          recoveryCodesLeft: row.twoFactorEnabled ? row.recoveryCodes.length : 0,
        },
      };
    }),

    startTwoFactorSetup: operation('startTwoFactorSetup', async (request) => {
      const staff = requireStaff(request);
      const row = await currentAccount(staff);
      if (row.twoFactorEnabled) throw conflict(TWO_FACTOR_ALREADY_ON);
      const setup = await newTwoFactorSecret(row.email);
      await setPendingTwoFactorSecret(db, row.id, secrets.seal(setup.secret));
      return {
        success: true,
        message: 'Scan the QR code with your authenticator app, then enter the code it shows.',
        data: setup,
      };
    }),

    confirmTwoFactor: operation('confirmTwoFactor', async (request) => {
      const staff = requireStaff(request);
      const row = await currentAccount(staff);
      if (row.twoFactorEnabled) throw conflict(TWO_FACTOR_ALREADY_ON);
      const pending = row.twoFactorPendingSecret;
      // A pending secret that no longer opens (tampered, or another key) is treated as no enrolment at all.
      const secret = pending ? secrets.open(pending) : null;
      if (!pending || !secret) throw conflict(TWO_FACTOR_NOT_STARTED);
      await assertCode(request, staff, secret, request.body.code);

      const { codes, hashes } = await newRecoveryCodes();
      const enabled = await withActivity(
        db,
        (tx) => enableTwoFactor(tx, row.id, pending, secrets.seal(secret), hashes),
        (done) =>
          done
            ? staffActivity(request, staff, {
                action: 'admin.two_factor.enable',
                target: `admin:${staff.id}`,
                details: { before: { twoFactorEnabled: false }, after: { twoFactorEnabled: true } },
              })
            : null,
      );
      if (!enabled) throw conflict(TWO_FACTOR_NOT_STARTED);
      await securityEvent(request, staff, SECURITY_ACTIONS.twoFactorEnabled);
      return {
        success: true,
        message: 'Two-factor authentication is on. Keep these recovery codes somewhere safe.',
        data: { recoveryCodes: codes },
      };
    }),

    disableTwoFactor: operation('disableTwoFactor', async (request) => {
      const staff = requireStaff(request);
      const row = await currentAccount(staff);
      if (!row.twoFactorEnabled || !row.twoFactorSecret) throw conflict(TWO_FACTOR_NOT_ON);
      // A secret that does not open can match no code: the answer is a wrong code, never a 500.
      await assertCode(request, staff, secrets.open(row.twoFactorSecret) ?? '', request.body.code);
      await withActivity(
        db,
        (tx) => disableTwoFactor(tx, row.id),
        staffActivity(request, staff, {
          action: 'admin.two_factor.disable',
          target: `admin:${staff.id}`,
          details: { before: { twoFactorEnabled: true }, after: { twoFactorEnabled: false } },
        }),
      );
      await securityEvent(request, staff, SECURITY_ACTIONS.twoFactorDisabled);
      return { success: true, message: 'Two-factor authentication is off.' };
    }),

    listStaffSessions: operation('listStaffSessions', async (request) => {
      const staff = requireStaff(request);
      const rows = await listLiveSessions(db, 'admin', staff.id);
      return {
        success: true,
        data: rows.map((row) => ({
          id: row.id,
          name: deviceName(row.userAgent),
          ip: row.ip,
          location: null,
          lastUsed: row.lastUsedAt.toISOString(),
          createdAt: row.createdAt.toISOString(),
          current: row.id === staff.sessionId,
        })),
      };
    }),

    revokeStaffSession: operation('revokeStaffSession', async (request) => {
      const staff = requireStaff(request);
      const revoked = await withActivity(
        db,
        (tx) => revokeSession(tx, request.params.id, 'admin', staff.id),
        (done) =>
          done &&
          staffActivity(request, staff, {
            action: 'admin.session.revoke',
            target: `session:${done.id}`,
            details: { device: deviceName(done.userAgent), ip: done.ip },
          }),
      );
      if (!revoked) throw notFound(SESSION_NOT_FOUND);
      const device = deviceName(revoked.userAgent);
      await securityEvent(request, staff, SECURITY_ACTIONS.sessionRevoked, { device, ip: revoked.ip });
      return { success: true, message: 'The session has been ended.' };
    }),

    adminLogout: operation('adminLogout', async (request) => {
      const staff = requireStaff(request);
      await withActivity(
        db,
        (tx) => revokeSession(tx, staff.sessionId, 'admin', staff.id),
        staffActivity(request, staff, { action: 'admin.logout', details: { session: staff.sessionId } }),
      );
      return { success: true, message: 'Logout successful.' };
    }),
  };
}
