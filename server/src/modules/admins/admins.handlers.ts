import type { components } from '@shop/sdk/types';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import { type ChallengeStep, InvalidTokenError, type TokenService } from '../../auth/tokens.ts';
import type { Database } from '../../db/client.ts';
import { forbidden, unauthorized, validationError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { recordFailedAttempt, requestOrigin, withActivity } from '../activity/index.ts';
import {
  allowListPermits,
  assertPasswordPolicy,
  challengeIsLive,
  consumeRecoveryCode,
  findStaffById,
  isNewDevice,
  loadSecuritySettings,
  matchRecoveryCode,
  openChallenge,
  openSession,
  recordSecurityEvent,
  replaceStaffPassword,
  resealTwoFactorSecret,
  SECURITY_ACTIONS,
  type SecuritySettingsRow,
  type SignInGuard,
  type SignInTry,
  takeChallengeTry,
  takeTwoFactorStep,
  totpCodeStep,
  useChallenge,
} from '../security/index.ts';
import { type AdminRow, findAdminByEmail, normalizeEmail, recordAdminLogin } from './admins.repository.ts';
import { toAdmin } from './admins.view.ts';

type AdminLoginResult = components['schemas']['AdminLoginResult'];

export const ADMIN_LOGIN_FAILED = 'Invalid email or password.';
export const IP_NOT_ALLOWED = 'Sign-in is not allowed from this address.';
export const CODE_INVALID = 'The code is not valid.';
export const CODE_NEEDED = 'Enter the code from your authenticator app, or a recovery code.';
export const PASSWORD_EXPIRED = 'Your password has expired. Please choose a new one.';
export const PASSWORD_UNCHANGED = 'The new password must be different from the current one.';
export const CHALLENGE_SPENT = 'This sign-in step has expired or was already used. Please sign in again.';

const DAY_MS = 24 * 60 * 60 * 1000;

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
  guard: SignInGuard;
  secrets: SecretBox;
}) {
  const { db, tokens, guard } = deps;

  const failedSignIn = (request: FastifyRequest, email: string, admin: AdminRow | null, reason: string) =>
    Promise.all([
      recordFailedAttempt(db, request, {
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
    attempt?: SignInTry,
  ) {
    if (allowListPermits(settings.ipAllowList, request.ip)) return;
    await attempt?.failed();
    await failedSignIn(request, email, admin, 'address not allowed');
    throw forbidden(IP_NOT_ALLOWED);
  }

  /**
   * The account behind a challenge, if it is still the same account state (token version) and active, and the
   * challenge was handed out and is not used yet (each challenge leads to one next step).
   */
  async function challengedAdmin(challenge: string, step: ChallengeStep) {
    try {
      const claims = await tokens.verifyChallenge(challenge, step);
      const { jti } = decodeJwt(challenge);
      const admin = await findStaffById(db, claims.sub);
      if (!admin || admin.tokenVersion !== claims.tv || admin.status !== 'Active') throw unauthorized();
      if (typeof jti !== 'string' || !(await challengeIsLive(db, jti, admin.id))) {
        throw unauthorized(CHALLENGE_SPENT);
      }
      return { admin, claims, challengeId: jti };
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
    const { jti } = decodeJwt(token);
    if (typeof jti !== 'string') throw new Error('a challenge without an id');
    await openChallenge(db, { id: jti, adminId: admin.id, expiresAt });
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
    await guard.signedIn('staff', admin, request.ip);
    const signedIn = (await recordAdminLogin(db, admin.id, new Date())) ?? admin;
    const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
    const session = await withActivity(
      db,
      (tx) =>
        openSession(tx, {
          actorType: 'admin',
          accountId: admin.id,
          userAgent,
          ip: request.ip,
          ttlSeconds: tokens.ttlSeconds.staff,
        }),
      (opened) => ({
        actorType: 'admin',
        actorId: admin.id,
        actorName: admin.name,
        actorEmail: admin.email,
        action: 'admin.login',
        outcome: 'success',
        details: { session: opened.id },
        ...requestOrigin(request),
      }),
    );
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
      const attempt = await guard.begin('staff', admin, email, request.ip);
      const settings = await loadSecuritySettings(db);

      // Before the password: from outside the allow-list a password guess learns nothing.
      await assertAddressAllowed(request, settings, email, admin, attempt);
      const passwordOk = admin
        ? await verifyPassword(admin.passwordHash, request.body.password)
        : await verifyAgainstDummy(request.body.password);
      if (!admin || !passwordOk) {
        await attempt.failed();
        await failedSignIn(request, email, admin, admin ? 'wrong password' : 'unknown email');
        throw unauthorized(ADMIN_LOGIN_FAILED);
      }
      await attempt.passed();
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
      const { admin, challengeId } = await challengedAdmin(request.body.challenge, 'twoFactor');
      // Codes count against the same tries as passwords.
      const attempt = await guard.begin('staff', admin, admin.email, request.ip);
      const settings = await loadSecuritySettings(db);
      await assertAddressAllowed(request, settings, admin.email, admin, attempt);
      if (!admin.twoFactorEnabled || !admin.twoFactorSecret) throw unauthorized();
      // And against the challenge's own few tries, whatever addresses they come from.
      if (!(await takeChallengeTry(db, challengeId, admin.id))) {
        await attempt.passed();
        throw unauthorized(CHALLENGE_SPENT);
      }

      let accepted = false;
      if (code !== undefined) {
        // A secret that does not open (tampered with) matches no code: a failed sign-in, never a 500.
        const secret = deps.secrets.open(admin.twoFactorSecret);
        const step = secret === null ? null : await totpCodeStep(secret, code);
        // A code already used (or one older than it) is refused like a wrong one.
        accepted = step !== null && (await takeTwoFactorStep(db, admin.id, step));
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
        await attempt.failed();
        await failedSignIn(request, admin.email, admin, 'wrong two-factor code');
        throw unauthorized(CODE_INVALID);
      }
      await attempt.passed();
      if (!(await useChallenge(db, challengeId, admin.id))) throw unauthorized(CHALLENGE_SPENT);
      return afterSecondFactor(admin, request, settings, true);
    }),

    adminLoginNewPassword: operation('adminLoginNewPassword', async (request) => {
      const { admin, claims, challengeId } = await challengedAdmin(request.body.challenge, 'passwordChange');
      // A change after a code must have come through the code step.
      if (admin.twoFactorEnabled && !claims.twoFactorPassed) throw unauthorized();
      const settings = await loadSecuritySettings(db);
      await assertAddressAllowed(request, settings, admin.email, admin);

      const { newPassword } = request.body;
      await assertPasswordPolicy(db, newPassword, '/newPassword');
      if (await verifyPassword(admin.passwordHash, newPassword)) {
        throw validationError([{ path: '/newPassword', message: PASSWORD_UNCHANGED }], PASSWORD_UNCHANGED);
      }
      if (!(await useChallenge(db, challengeId, admin.id))) throw unauthorized(CHALLENGE_SPENT);
      const passwordHash = await hashPassword(newPassword);
      const updated = await withActivity(
        db,
        (tx) => replaceStaffPassword(tx, admin.id, passwordHash),
        (done) =>
          done && {
            actorType: 'admin',
            actorId: admin.id,
            actorName: admin.name,
            actorEmail: admin.email,
            action: 'admin.password.change',
            target: `admin:${admin.id}`,
            details: { reason: admin.mustChangePassword ? 'change requested' : 'password expired' },
            ...requestOrigin(request),
          },
      );
      if (!updated) throw unauthorized();
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
