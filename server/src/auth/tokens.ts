import { randomUUID } from 'node:crypto';
import { errors, type JWTPayload, type JWTVerifyOptions, jwtVerify, SignJWT } from 'jose';
import type { Audience } from '../config.ts';
import type { AdminPermission } from '../db/schema.ts';

export const AUDIENCE_CLAIMS: Record<Audience, string> = {
  staff: 'shop:staff',
  customer: 'shop:customer',
  vendor: 'shop:vendor',
};

/** Short-lived tokens for the steps of a staff sign-in; never accepted by the guards (unknown audience). */
export const CHALLENGE_AUDIENCE = 'shop:staff-challenge';
export const CHALLENGE_TTL_SECONDS = 5 * 60;
export type ChallengeStep = 'twoFactor' | 'passwordChange';

export interface StaffClaims {
  sub: string;
  /** The session (sessions.id) the token belongs to: revoking it ends the token at once. */
  sid: string;
  email: string;
  name: string;
  role: string;
  permissions: AdminPermission[];
  tv: number;
}

export interface CustomerClaims {
  sub: string;
  sid: string;
  username: string;
  email: string;
  tv: number;
}

export interface VendorClaims {
  sub: string;
  sid: string;
  name: string;
  email: string;
  tv: number;
}

export interface VerifiedToken {
  audience: Audience;
  sub: string;
  tv: number;
  /** The session id (sessions.id) the token belongs to. */
  sid: string;
  payload: JWTPayload;
}

export interface ChallengeClaims {
  sub: string;
  tv: number;
  step: ChallengeStep;
  /** Whether the two-factor step was passed on the way (a password change after a code). */
  twoFactorPassed: boolean;
}

/** Why a token was refused; the guards turn it into 401. */
export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}

export interface TokenService {
  signStaff(claims: StaffClaims): Promise<string>;
  signCustomer(claims: CustomerClaims): Promise<string>;
  signVendor(claims: VendorClaims): Promise<string>;
  /** A sign-in step token, valid for CHALLENGE_TTL_SECONDS. */
  signChallenge(claims: ChallengeClaims): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a challenge for `step`; InvalidTokenError when it is expired, forged or for another step. */
  verifyChallenge(token: string, step: ChallengeStep): Promise<ChallengeClaims>;
  /** How long a token of each audience lives; its session expires with it. */
  ttlSeconds: Record<Audience, number>;
  /** Checks signature (HS256 only), expiry and audience; the account's token version is the guard's job. */
  verify(token: string): Promise<VerifiedToken>;
}

export function createTokenService(options: {
  secret: string;
  /** Earlier secrets: tokens they signed still verify until they expire, so rotating signs nobody out. */
  previousSecrets?: readonly string[];
  ttlSeconds: Record<Audience, number>;
}): TokenService {
  const encoder = new TextEncoder();
  const key = encoder.encode(options.secret);
  const verifyKeys = [key, ...(options.previousSecrets ?? []).map((secret) => encoder.encode(secret))];

  /** Signed by the current secret or a previous one; any other failure (expiry, audience) is final. */
  async function verifySigned(token: string, checks: JWTVerifyOptions): Promise<JWTPayload> {
    for (const [index, candidate] of verifyKeys.entries()) {
      try {
        return (await jwtVerify(token, candidate, checks)).payload;
      } catch (error) {
        const last = index === verifyKeys.length - 1;
        if (!last && error instanceof errors.JWSSignatureVerificationFailed) continue;
        throw error;
      }
    }
    throw new InvalidTokenError('unverifiable token');
  }

  function sign(audience: Audience, claims: { sub: string } & Record<string, unknown>): Promise<string> {
    const { sub, ...rest } = claims;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setAudience(AUDIENCE_CLAIMS[audience])
      .setIssuedAt(now)
      .setExpirationTime(now + options.ttlSeconds[audience])
      .sign(key);
  }

  return {
    signStaff: (claims) => sign('staff', { ...claims }),
    signCustomer: (claims) => sign('customer', { ...claims }),
    signVendor: (claims) => sign('vendor', { ...claims }),
    ttlSeconds: options.ttlSeconds,

    async signChallenge({ sub, ...rest }) {
      const now = Math.floor(Date.now() / 1000);
      const exp = now + CHALLENGE_TTL_SECONDS;
      const token = await new SignJWT({ ...rest })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setAudience(CHALLENGE_AUDIENCE)
        // Each challenge is told apart by its id, so the sign-in can use it only once.
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },

    async verifyChallenge(token, step) {
      let payload: JWTPayload;
      try {
        payload = await verifySigned(token, {
          algorithms: ['HS256'],
          audience: CHALLENGE_AUDIENCE,
          requiredClaims: ['exp', 'sub'],
        });
      } catch (error) {
        throw new InvalidTokenError(error instanceof Error ? error.message : 'unverifiable challenge');
      }
      const { sub, tv, twoFactorPassed } = payload;
      if (payload.step !== step) throw new InvalidTokenError('challenge for another step');
      if (typeof sub !== 'string' || typeof tv !== 'number' || typeof twoFactorPassed !== 'boolean') {
        throw new InvalidTokenError('malformed challenge');
      }
      return { sub, tv, step, twoFactorPassed };
    },

    async verify(token) {
      let payload: JWTPayload;
      try {
        // Pinning the algorithm rejects `alg: none` and any asymmetric-key confusion; exp must be present,
        // otherwise a token without it would never expire.
        payload = await verifySigned(token, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub', 'aud'],
        });
      } catch (error) {
        throw new InvalidTokenError(error instanceof Error ? error.message : 'unverifiable token');
      }
      const audience = (Object.keys(AUDIENCE_CLAIMS) as Audience[]).find(
        (name) => AUDIENCE_CLAIMS[name] === payload.aud,
      );
      if (audience === undefined) throw new InvalidTokenError('unknown audience');
      const tv = payload.tv;
      if (typeof tv !== 'number' || !Number.isInteger(tv)) throw new InvalidTokenError('no token version');
      if (typeof payload.sub !== 'string' || payload.sub === '') throw new InvalidTokenError('no subject');
      const sid = payload.sid;
      if (typeof sid !== 'string') throw new InvalidTokenError('no session');
      return { audience, sub: payload.sub, tv, sid, payload };
    },
  };
}
