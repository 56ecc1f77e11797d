import type { components } from '@shop/sdk/types';
import type { FastifyRequest } from 'fastify';
import { type LoginThrottle, signInKeys } from '../../auth/login-throttle.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import { type ChallengeStep, InvalidTokenError, type TokenService } from '../../auth/tokens.ts';
import type { Database } from '../../db/client.ts';
import { forbidden, unauthorized, validationError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { recordActivity, requestOrigin } from '../activity/activity.repository.ts';
import { allowListPermits } from '../security/ip-allow-list.ts';
import { assertPasswordPolicy } from '../security/password-policy.ts';
import {
  loadSecuritySettings,
  recordSecurityEvent,
  SECURITY_ACTIONS,
  type SecuritySettingsRow,
} from '../security/security.repository.ts';
import { isNewDevice, openSession } from '../security/sessions.repository.ts';
import {
  consumeRecoveryCode,
  findStaffById,
  replaceStaffPassword,
  resealTwoFactorSecret,
} from '../security/staff-credentials.repository.ts';
import { matchRecoveryCode, totpCodeIsValid } from '../security/two-factor.ts';
import { type AdminRow, findAdminByEmail, normalizeEmail, recordAdminLogin } from './admins.repository.ts';

type AdminLoginResult = components['schemas']['AdminLoginResult'];

export const ADMIN_LOGIN_FAILED = 'Invalid email or password.';
export const IP_NOT_ALLOWED = 'Sign-in is not allowed from this address.';
export const CODE_INVALID = 'The code is not valid.';
export const CODE_NEEDED = 'Enter the code from your authenticator app, or a recovery code.';
export const PASSWORD_EXPIRED = 'Your password has expired. Please choose a new one.';
export const PASSWORD_UNCHANGED = 'The new password must be different from the current one.';

const DAY_MS = 24 * 60 * 60 * 1000;

export function toAdmin(row: AdminRow): components['schemas']['Admin'] {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    permissions: row.permissions,
    status: row.status,
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Staff asked for a change, or the password is older than the expiry days (0 = never expires). */
export function passwordChangeNeeded(
  admin: AdminRow,
  settings: SecuritySettingsRow,
  now = new Date(),
): boolean {
  if (admin.mustChangePassword) return true;
  const days = settings.passwordExpiryDays;
  return days > 0 && admin.passwordChangedAt.getTime() + days * DAY_MS < now.getTime();
}

export function createAdminHandlers(deps: {
  db: Database;
  tokens: TokenService;
  throttle: LoginThrottle;
  secrets: SecretBox;
}) {
  const { db, tokens, throttle } = deps;

  const failedSignIn = (request: FastifyRequest, email: string, admin: AdminRow | null, reason: string) =>
    Promise.all([
      recordActivity(db, request, {
        actorType: 'admin',
        actorId: admin?.id ?? null,
        actorName: admin?.name ?? null,
        actorEmail: email,
        action: 'admin.login',
        outcome: 'failed',
        details: { reason },
        ...requestOrigin(request),
      }),
      recordSecurityEvent(db, {
        action: reason === 'address not allowed' ? SECURITY_ACTIONS.ipRefused : SECURITY_ACTIONS.loginFailed,
        user: email,
        adminId: admin?.id ?? null,
        ip: request.ip,
        severity: reason === 'unknown email' ? 'low' : 'medium',
        details: { reason },
      }),
    ]);

  /** Every step refuses an address outside a non-empty allow-list (a challenge could be carried elsewhere). */
  async function assertAddressAllowed(
    request: FastifyRequest,
    settings: SecuritySettingsRow,
    email: string,
    admin: AdminRow | null,
  ) {
    if (allowListPermits(settings.ipAllowList, request.ip)) return;
    await failedSignIn(request, email, admin, 'address not allowed');
    throw forbidden(IP_NOT_ALLOWED);
  }

  /** The account behind a challenge, if it is still the same account state (token version) and active. */
  async function challengedAdmin(challenge: string, step: ChallengeStep) {
    try {
      const claims = await tokens.verifyChallenge(challenge, step);
      const admin = await findStaffById(db, claims.sub);
      if (!admin || admin.tokenVersion !== claims.tv || admin.status !== 'Active') throw unauthorized();
      return { admin, claims };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw unauthorized();
      throw error;
    }
  }

  async function challenge(
    admin: AdminRow,
    step: ChallengeStep,
    settings: SecuritySettingsRow,
    twoFactorPassed: boolean,
  ) {
    const { token, expiresAt } = await tokens.signChallenge({
      sub: admin.id,
      tv: admin.tokenVersion,
      step,
      twoFactorPassed,
    });
    return {
      success: true as const,
      message: step === 'twoFactor' ? CODE_NEEDED : PASSWORD_EXPIRED,
      data: {
        challenge: token,
        twoFactorRequired: step === 'twoFactor',
        passwordChangeRequired: passwordChangeNeeded(admin, settings),
        expiresAt: expiresAt.toISOString(),
      } satisfies AdminLoginResult,
    };
  }

  /** The last step of every sign-in: a session (a trusted device) and the token that carries it. */
  async function signIn(admin: AdminRow, request: FastifyRequest, settings: SecuritySettingsRow) {
    const [account] = signInKeys('staff', admin, admin.email, request.ip);
    if (account) await throttle.reset(account);
    const signedIn = (await recordAdminLogin(db, admin.id, new Date())) ?? admin;
    const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
    const session = await openSession(db, {
      actorType: 'admin',
      accountId: admin.id,
      userAgent,
      ip: request.ip,
      ttlSeconds: tokens.ttlSeconds.staff,
    });
    await recordActivity(db, request, {
      actorType: 'admin',
      actorId: admin.id,
      actorName: admin.name,
      actorEmail: admin.email,
      action: 'admin.login',
      outcome: 'success',
      details: { session: session.id },
      ...requestOrigin(request),
    });
    if (await isNewDevice(db, 'admin', admin.id, userAgent, session.id)) {
      await recordSecurityEvent(db, {
        action: SECURITY_ACTIONS.newDevice,
        user: admin.email,
        adminId: admin.id,
        ip: request.ip,
        severity: 'medium',
        details: { userAgent },
      });
    }
    const token = await tokens.signStaff({
      sub: admin.id,
      sid: session.id,
      email: admin.email,
      name: admin.name,
      role: admin.role,
      permissions: admin.permissions,
      tv: admin.tokenVersion,
    });
    return {
      success: true as const,
      message: 'Login successful.',
      data: {
        token,
        admin: toAdmin(signedIn),
        twoFactorSetupRequired: settings.twoFactorRequired && !admin.twoFactorEnabled,
      } satisfies AdminLoginResult,
    };
  }

  /** After the password (and the code, when two-factor is on): a new password first if it is due. */
  function afterSecondFactor(
    admin: AdminRow,
    request: FastifyRequest,
    settings: SecuritySettingsRow,
    twoFactorPassed: boolean,
  ) {
    return passwordChangeNeeded(admin, settings)
      ? challenge(admin, 'passwordChange', settings, twoFactorPassed)
      : signIn(admin, request, settings);
  }

  return {
    adminLogin: operation('adminLogin', async (request) => {
      const email = normalizeEmail(request.body.email);
      const admin = await findAdminByEmail(db, email);
      const attempt = await throttle.take(signInKeys('staff', admin, email, request.ip));
      const settings = await loadSecuritySettings(db);

      // Before the password: from outside the allow-list a password guess learns nothing.
      await assertAddressAllowed(request, settings, email, admin);
      const passwordOk = admin
        ? await verifyPassword(admin.passwordHash, request.body.password)
        : await verifyAgainstDummy(request.body.password);
      if (!admin || !passwordOk) {
        await failedSignIn(request, email, admin, admin ? 'wrong password' : 'unknown email');
        throw unauthorized(ADMIN_LOGIN_FAILED);
      }
      await attempt.giveBack();
      // Checked only after the password, so a suspended account is not revealed to someone guessing.
      if (admin.status !== 'Active') {
        throw forbidden(
          admin.status === 'Suspended' ? 'This account is suspended.' : 'This account is not active yet.',
        );
      }
      // The failure count is not reset here: wrong codes keep counting against the same limit as wrong passwords.
      if (admin.twoFactorEnabled && admin.twoFactorSecret) {
        return challenge(admin, 'twoFactor', settings, false);
      }
      return afterSecondFactor(admin, request, settings, false);
    }),

    adminLoginTwoFactor: operation('adminLoginTwoFactor', async (request) => {
      const { code, recoveryCode } = request.body;
      if (code === undefined && recoveryCode === undefined) {
        throw validationError([{ path: '/code', message: CODE_NEEDED }], CODE_NEEDED);
      }
      const { admin } = await challengedAdmin(request.body.challenge, 'twoFactor');
      // Codes count against the same tries as passwords.
      const attempt = await throttle.take(signInKeys('staff', admin, admin.email, request.ip));
      const settings = await loadSecuritySettings(db);
      await assertAddressAllowed(request, settings, admin.email, admin);
      if (!admin.twoFactorEnabled || !admin.twoFactorSecret) throw unauthorized();

      let accepted = false;
      if (code !== undefined) {
        // A secret that does not open (tampered with) matches no code: a failed sign-in, never a 500.
        const secret = deps.secrets.open(admin.twoFactorSecret);
        accepted = secret !== null && (await totpCodeIsValid(secret, code));
        if (accepted && secret && !deps.secrets.isSealed(admin.twoFactorSecret)) {
          await resealTwoFactorSecret(db, admin.id, secret, deps.secrets.seal(secret));
        }
      } else if (recoveryCode !== undefined) {
        const index = await matchRecoveryCode(admin.recoveryCodes, recoveryCode);
        const hash = admin.recoveryCodes[index];
        accepted = hash !== undefined && (await consumeRecoveryCode(db, admin.id, hash));
        if (accepted) {
          await recordSecurityEvent(db, {
            action: SECURITY_ACTIONS.recoveryCodeUsed,
            user: admin.email,
            adminId: admin.id,
            ip: request.ip,
            severity: 'medium',
            details: { left: admin.recoveryCodes.length - 1 },
          });
        }
      }
      if (!accepted) {
        await failedSignIn(request, admin.email, admin, 'wrong two-factor code');
        throw unauthorized(CODE_INVALID);
      }
      await attempt.giveBack();
      return afterSecondFactor(admin, request, settings, true);
    }),

    adminLoginNewPassword: operation('adminLoginNewPassword', async (request) => {
      const { admin, claims } = await challengedAdmin(request.body.challenge, 'passwordChange');
      // A change after a code must have come through the code step.
      if (admin.twoFactorEnabled && !claims.twoFactorPassed) throw unauthorized();
      const settings = await loadSecuritySettings(db);
      await assertAddressAllowed(request, settings, admin.email, admin);

      const { newPassword } = request.body;
      await assertPasswordPolicy(db, newPassword, '/newPassword');
      if (await verifyPassword(admin.passwordHash, newPassword)) {
        throw validationError([{ path: '/newPassword', message: PASSWORD_UNCHANGED }], PASSWORD_UNCHANGED);
      }
      const updated = await replaceStaffPassword(db, admin.id, await hashPassword(newPassword));
      if (!updated) throw unauthorized();
      await recordActivity(db, request, {
        actorType: 'admin',
        actorId: admin.id,
        actorName: admin.name,
        actorEmail: admin.email,
        action: 'admin.password.change',
        target: `admin:${admin.id}`,
        details: { reason: admin.mustChangePassword ? 'change requested' : 'password expired' },
        ...requestOrigin(request),
      });
      await recordSecurityEvent(db, {
        action: SECURITY_ACTIONS.passwordChanged,
        user: admin.email,
        adminId: admin.id,
        ip: request.ip,
        severity: 'low',
      });
      return signIn(updated, request, settings);
    }),
  };
}
