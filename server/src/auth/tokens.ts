import { type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Audience } from '../config.ts';
import type { AdminPermission } from '../db/schema.ts';

export const AUDIENCE_CLAIMS: Record<Audience, string> = {
  staff: 'shop:staff',
  customer: 'shop:customer',
  vendor: 'shop:vendor',
};

export interface StaffClaims {
  sub: string;
  email: string;
  name: string;
  role: string;
  permissions: AdminPermission[];
  tv: number;
}

export interface CustomerClaims {
  sub: string;
  username: string;
  email: string;
  tv: number;
}

export interface VendorClaims {
  sub: string;
  name: string;
  email: string;
  tv: number;
}

export interface VerifiedToken {
  audience: Audience;
  sub: string;
  tv: number;
  payload: JWTPayload;
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
  /** Checks signature (HS256 only), expiry and audience; the account's token version is the guard's job. */
  verify(token: string): Promise<VerifiedToken>;
}

export function createTokenService(options: {
  secret: string;
  ttlSeconds: Record<Audience, number>;
}): TokenService {
  const key = new TextEncoder().encode(options.secret);

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

    async verify(token) {
      let payload: JWTPayload;
      try {
        // Pinning the algorithm rejects `alg: none` and any asymmetric-key confusion; exp must be present,
        // otherwise a token without it would never expire.
        ({ payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub', 'aud'],
        }));
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
      return { audience, sub: payload.sub, tv, payload };
    },
  };
}
