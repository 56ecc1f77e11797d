import { createHmac, timingSafeEqual } from 'node:crypto';

export type CartLinkPurpose = 'recover' | 'unsubscribe';

/** A restore link stays good for a month: long enough for the second reminder and a slow decision. */
export const RECOVER_LINK_SECONDS = 30 * 24 * 60 * 60;

interface LinkPayload {
  /** The shopper's id. */
  c: string;
  p: CartLinkPurpose;
  /** Expiry in seconds since the epoch; an unsubscribe link has none, so it keeps working. */
  e?: number;
}

/**
 * Signed links in cart reminders, opened without a sign-in: the token names the shopper and what the link does,
 * under a key derived from the token secret (tokens signed with a previous secret still open).
 */
export function cartLinks(secret: string, previous: readonly string[] = []) {
  const [key, ...older] = [secret, ...previous].map((one) =>
    createHmac('sha256', one).update('shop:cart-links').digest(),
  ) as [Buffer, ...Buffer[]];

  const mac = (body: string, with_: Buffer) => createHmac('sha256', with_).update(body).digest();

  return {
    sign(customerId: string, purpose: CartLinkPurpose, now: Date = new Date()): string {
      const payload: LinkPayload = { c: customerId, p: purpose };
      if (purpose === 'recover') payload.e = Math.floor(now.getTime() / 1000) + RECOVER_LINK_SECONDS;
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${mac(body, key).toString('base64url')}`;
    },

    /** The shopper the token names for this purpose, or null when it is malformed, forged, expired or another kind. */
    open(token: string, purpose: CartLinkPurpose, now: Date = new Date()): string | null {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const given = Buffer.from(signature, 'base64url');
      const signed = [key, ...older].some((one) => {
        const expected = mac(body, one);
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      if (!signed) return null;
      let payload: Partial<LinkPayload>;
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<LinkPayload>;
      } catch {
        return null;
      }
      if (payload.p !== purpose || typeof payload.c !== 'string') return null;
      if (payload.e !== undefined && payload.e * 1000 <= now.getTime()) return null;
      return payload.c;
    },
  };
}

export type CartLinks = ReturnType<typeof cartLinks>;
