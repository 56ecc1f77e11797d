import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService, InvalidTokenError } from './tokens.ts';

const secret = 'a-test-secret-of-sufficient-length-123456';
const tokens = createTokenService({ secret, ttlSeconds: { staff: 3600, customer: 7200, vendor: 60 } });
const sub = '0b6f4c3e-2a51-4d8e-9f27-3c1a5e7d9b20';
const sid = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

describe('token service', () => {
  it('signs staff tokens with the conventions payload and an expiry in seconds', async () => {
    const token = await tokens.signStaff({
      sub,
      sid,
      email: 'admin@example.com',
      name: 'Store Admin',
      role: 'SuperAdmin',
      permissions: ['products'],
      tv: 3,
    });
    const verified = await tokens.verify(token);
    expect(verified).toMatchObject({ audience: 'staff', sub, tv: 3, sid });
    expect(verified.payload).toMatchObject({
      aud: 'shop:staff',
      email: 'admin@example.com',
      role: 'SuperAdmin',
    });
    const { exp, iat } = verified.payload;
    expect(exp).toBe((iat ?? 0) + 3600);
    expect(exp).toBeLessThan(Date.now() / 1000 + 3601);
  });

  it('gives customers their own audience and lifetime', async () => {
    const token = await tokens.signCustomer({
      sub,
      sid,
      username: 'shopper',
      email: 'shopper@example.com',
      tv: 1,
    });
    const { audience, payload } = await tokens.verify(token);
    expect(audience).toBe('customer');
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(7200);
  });

  it.each([
    [
      'an unsigned (alg none) token',
      async () =>
        new UnsecuredJWT({ tv: 1 })
          .setSubject(sub)
          .setAudience('shop:staff')
          .setExpirationTime('1h')
          .encode(),
    ],
    [
      'a token signed with another secret',
      async () =>
        new SignJWT({ tv: 1 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setAudience('shop:staff')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('another-secret-of-sufficient-length-0000')),
    ],
    [
      'an expired token',
      async () =>
        new SignJWT({ tv: 1 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setAudience('shop:staff')
          .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
          .sign(new TextEncoder().encode(secret)),
    ],
    [
      'a token without expiry',
      async () =>
        new SignJWT({ tv: 1 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setAudience('shop:staff')
          .sign(new TextEncoder().encode(secret)),
    ],
    [
      'a token for an unknown audience',
      async () =>
        new SignJWT({ tv: 1 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setAudience('another-app')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(secret)),
    ],
    [
      'a token without a token version',
      async () =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setAudience('shop:staff')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(secret)),
    ],
    [
      'a token signed with HS512',
      async () =>
        new SignJWT({ tv: 1 })
          .setProtectedHeader({ alg: 'HS512' })
          .setSubject(sub)
          .setAudience('shop:staff')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(secret)),
    ],
    [
      'a staff token without a session',
      async () =>
        new SignJWT({ tv: 1 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setAudience('shop:staff')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(secret)),
    ],
    [
      'a sign-in challenge',
      async () =>
        (await tokens.signChallenge({ sub, tv: 1, step: 'twoFactor', twoFactorPassed: false })).token,
    ],
    ['text that is no token', async () => 'not.a.token'],
  ])('refuses %s', async (_label, make) => {
    await expect(tokens.verify(await make())).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('sign-in challenges', () => {
  it('are good for their own step only, for five minutes', async () => {
    const { token, expiresAt } = await tokens.signChallenge({
      sub,
      tv: 2,
      step: 'passwordChange',
      twoFactorPassed: true,
    });
    expect(expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60 * 1000);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60 * 1000);
    await expect(tokens.verifyChallenge(token, 'passwordChange')).resolves.toEqual({
      sub,
      tv: 2,
      step: 'passwordChange',
      twoFactorPassed: true,
    });
    await expect(tokens.verifyChallenge(token, 'twoFactor')).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('are never a staff token', async () => {
    const staffToken = await tokens.signStaff({
      sub,
      sid,
      email: 'admin@example.com',
      name: 'Store Admin',
      role: 'SuperAdmin',
      permissions: [],
      tv: 1,
    });
    await expect(tokens.verifyChallenge(staffToken, 'twoFactor')).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('a rotated secret', () => {
  const nextSecret = 'the-next-secret-of-sufficient-length-98765';
  const rotated = createTokenService({
    secret: nextSecret,
    previousSecrets: [secret],
    ttlSeconds: { staff: 3600, customer: 7200, vendor: 60 },
  });
  const claims = { sub, sid, username: 'shopper', email: 'shopper@example.com', tv: 1 };

  it('still verifies tokens and challenges the previous secret signed, and signs with the new one', async () => {
    await expect(rotated.verify(await tokens.signCustomer(claims))).resolves.toMatchObject({ sub, sid });
    const { token } = await tokens.signChallenge({ sub, tv: 1, step: 'twoFactor', twoFactorPassed: false });
    await expect(rotated.verifyChallenge(token, 'twoFactor')).resolves.toMatchObject({ sub });
    // What the rotated service signs, the old one (without the new secret) cannot verify.
    await expect(tokens.verify(await rotated.signCustomer(claims))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('keeps refusing what the previous secret signed for other reasons, and any other secret', async () => {
    const expired = await new SignJWT({ tv: 1, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setAudience('shop:customer')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(secret));
    await expect(rotated.verify(expired)).rejects.toThrow(/exp/);
    const stranger = createTokenService({
      secret: 'a-stranger-secret-of-sufficient-length-000',
      ttlSeconds: { staff: 3600, customer: 7200, vendor: 60 },
    });
    await expect(rotated.verify(await stranger.signCustomer(claims))).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
  });
});
