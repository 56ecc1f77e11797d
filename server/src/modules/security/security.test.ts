import { desc, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityLog, admins, outbox, securityEvents, securitySettings, sessions } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, createStaff, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { passwordPolicyFailures } from './password-policy.ts';

const ALL_RULES = {
  requireUppercase: true,
  requireLowercase: true,
  requireNumbers: true,
  requireSpecial: true,
  requireMinLength: true,
};

const DEFAULT_SETTINGS = {
  twoFactorRequired: false,
  passwordPolicy: {
    uppercase: true,
    lowercase: true,
    numbers: true,
    specialCharacters: true,
    minLength: true,
  },
  passwordExpiryDays: 90,
  ipWhitelist: [] as string[],
  alerts: { failedLogin: true, newDevice: true, passwordChange: true, adminAction: false },
};

type Json = Record<string, unknown>;

describe('password policy', () => {
  it('names every rule a password breaks, in the order of the screen', () => {
    expect(passwordPolicyFailures(ALL_RULES, 'abc')).toEqual([
      'Password must contain an uppercase letter.',
      'Password must contain a number.',
      'Password must contain a special character.',
      'Password must be at least 8 characters.',
    ]);
    expect(passwordPolicyFailures(ALL_RULES, 'ABCDEFGH1!')).toEqual([
      'Password must contain a lowercase letter.',
    ]);
    expect(passwordPolicyFailures(ALL_RULES, 'Brighter-days-42')).toEqual([]);
  });

  it('checks only the rules that are on', () => {
    const lengthOnly = {
      ...ALL_RULES,
      requireUppercase: false,
      requireNumbers: false,
      requireSpecial: false,
    };
    expect(passwordPolicyFailures(lengthOnly, 'lowercase only')).toEqual([]);
    expect(passwordPolicyFailures({ ...lengthOnly, requireMinLength: false }, 'short')).toEqual([]);
  });
});

describe('staff security', () => {
  let t: TestApp;
  let adminToken: string;
  const ADMIN = { email: 'chief@example.com', password: 'Chief-password-1' };

  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    token?: string,
    payload?: object,
    remoteAddress?: string,
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  const login = (
    email: string,
    password: string,
    remoteAddress = '127.0.0.1',
    userAgent = 'Mozilla/5.0 (Windows NT 10.0) Chrome/140.0 Safari/537.36',
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email, password },
      remoteAddress,
      headers: { 'user-agent': userAgent },
    });

  async function tokenFor(email: string, password: string): Promise<string> {
    const response = await login(email, password);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { token: string } }>().data.token;
  }

  const saveSettings = (changes: Partial<typeof DEFAULT_SETTINGS>, remoteAddress?: string) =>
    call('PUT', '/admin/security', adminToken, { ...DEFAULT_SETTINGS, ...changes }, remoteAddress);

  const eventsFor = (user: string) =>
    t.db.select().from(securityEvents).where(eq(securityEvents.user, user)).orderBy(desc(securityEvents.at));

  beforeAll(async () => {
    t = await createTestApp();
    await createStaff(t.db, { ...ADMIN, role: 'SuperAdmin' });
    adminToken = await tokenFor(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  describe('settings', () => {
    it('start with the defaults of the spec', async () => {
      const response = await call('GET', '/admin/security', adminToken);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('getSecuritySettings', response);
      expect(response.json<{ data: Json }>().data).toMatchObject(DEFAULT_SETTINGS);
    });

    it('are saved, with blank and repeated allow-list entries dropped, and logged with before and after', async () => {
      const response = await saveSettings({
        passwordExpiryDays: 30,
        ipWhitelist: [' 127.0.0.1 ', '', '10.0.0.0/8', '127.0.0.1', '2001:db8::/32'],
        alerts: { ...DEFAULT_SETTINGS.alerts, adminAction: true },
      });
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('updateSecuritySettings', response);
      expect(response.json<{ data: Json }>().data).toMatchObject({
        passwordExpiryDays: 30,
        ipWhitelist: ['127.0.0.1', '10.0.0.0/8', '2001:db8::/32'],
      });
      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.action, 'security.settings.update'))
        .orderBy(desc(activityLog.at))
        .limit(1);
      expect(entry?.details).toMatchObject({
        before: { passwordExpiryDays: 90, ipWhitelist: [] },
        after: { passwordExpiryDays: 30, ipWhitelist: ['127.0.0.1', '10.0.0.0/8', '2001:db8::/32'] },
      });
      expect((await saveSettings({})).statusCode).toBe(200);
    });

    it('refuse an entry that is no address or range, naming it', async () => {
      const response = await saveSettings({ ipWhitelist: ['127.0.0.1', '10.0.0.300', '10.0.0.0/33'] });
      expect(response.statusCode).toBe(400);
      assertMatchesContract('updateSecuritySettings', response);
      expect(response.json<{ errors: Json[] }>().errors).toEqual([
        { path: '/ipWhitelist/1', message: "'10.0.0.300' is not an IP address or CIDR range." },
        { path: '/ipWhitelist/2', message: "'10.0.0.0/33' is not an IP address or CIDR range." },
      ]);
    });

    it('refuse expiry days outside 0 to 365', async () => {
      expect((await saveSettings({ passwordExpiryDays: 366 })).statusCode).toBe(400);
      expect((await saveSettings({ passwordExpiryDays: -1 })).statusCode).toBe(400);
    });

    it('refuse an allow-list that would lock out the address saving it', async () => {
      const response = await saveSettings({ ipWhitelist: ['10.0.0.0/8'] }, '192.0.2.10');
      expect(response.statusCode).toBe(409);
      assertMatchesContract('updateSecuritySettings', response);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message:
          'This IP whitelist would lock you out (your address is 192.0.2.10). Add it to the list first.',
      });
      const [row] = await t.db.select().from(securitySettings);
      expect(row?.ipAllowList).toEqual([]);
    });

    it('need the admins permission', async () => {
      await createStaff(t.db, {
        email: 'viewer@example.com',
        password: 'Viewer-pass-1',
        permissions: ['dashboard'],
      });
      const viewer = await tokenFor('viewer@example.com', 'Viewer-pass-1');
      expect((await call('GET', '/admin/security', viewer)).statusCode).toBe(403);
      expect((await call('PUT', '/admin/security', viewer, DEFAULT_SETTINGS)).statusCode).toBe(403);
    });
  });

  describe('IP allow-list', () => {
    beforeAll(async () => {
      await createStaff(t.db, { email: 'remote@example.com', password: 'Remote-pass-1' });
      expect((await saveSettings({ ipWhitelist: ['127.0.0.1', '10.0.0.0/8'] })).statusCode).toBe(200);
    });
    afterAll(async () => {
      expect((await saveSettings({})).statusCode).toBe(200);
    });

    it('refuses staff sign-in from another address and records it', async () => {
      const response = await login('remote@example.com', 'Remote-pass-1', '192.0.2.44');
      expect(response.statusCode).toBe(403);
      assertMatchesContract('adminLogin', response);
      expect(response.json()).toMatchObject({ message: 'Sign-in is not allowed from this address.' });
      const [event] = await eventsFor('remote@example.com');
      expect(event).toMatchObject({ action: 'login.ip_refused', ip: '192.0.2.44', severity: 'medium' });
    });

    it('admits an address inside a listed range', async () => {
      expect((await login('remote@example.com', 'Remote-pass-1', '10.20.30.40')).statusCode).toBe(200);
    });
  });

  describe('password expiry', () => {
    const EXPIRED = { email: 'expired@example.com', password: 'Old-password-1' };
    let challenge: string;

    beforeAll(async () => {
      const row = await createStaff(t.db, EXPIRED);
      await t.db
        .update(admins)
        .set({ passwordChangedAt: sql`now() - interval '91 days'` })
        .where(eq(admins.id, row.id));
    });

    it('forces a new password at sign-in once the password is older than the expiry days', async () => {
      const response = await login(EXPIRED.email, EXPIRED.password);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('adminLogin', response);
      const data = response.json<{ data: Json }>().data;
      expect(data).toMatchObject({ passwordChangeRequired: true, twoFactorRequired: false });
      expect(data).not.toHaveProperty('token');
      challenge = data.challenge as string;
    });

    it('never takes the challenge as a staff token', async () => {
      expect((await call('GET', '/admin/me', challenge)).statusCode).toBe(401);
    });

    it('applies the password policy, naming each broken rule', async () => {
      const response = await call('POST', '/admin/login/password', undefined, {
        challenge,
        newPassword: 'weak',
      });
      expect(response.statusCode).toBe(400);
      assertMatchesContract('adminLoginNewPassword', response);
      expect(response.json<{ errors: Json[] }>().errors).toEqual([
        { path: '/newPassword', message: 'Password must contain an uppercase letter.' },
        { path: '/newPassword', message: 'Password must contain a number.' },
        { path: '/newPassword', message: 'Password must contain a special character.' },
        { path: '/newPassword', message: 'Password must be at least 8 characters.' },
      ]);
      const same = await call('POST', '/admin/login/password', undefined, {
        challenge,
        newPassword: EXPIRED.password,
      });
      expect(same.json()).toMatchObject({
        message: 'The new password must be different from the current one.',
      });
    });

    it('signs in with the new password, which alone works from then on', async () => {
      const response = await call('POST', '/admin/login/password', undefined, {
        challenge,
        newPassword: 'New-password-2',
      });
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('adminLoginNewPassword', response);
      const token = response.json<{ data: { token: string } }>().data.token;
      expect((await call('GET', '/admin/me', token)).statusCode).toBe(200);
      // The challenge was for the old password.
      const replay = await call('POST', '/admin/login/password', undefined, {
        challenge,
        newPassword: 'Other-pass-3',
      });
      expect(replay.statusCode).toBe(401);
      expect((await login(EXPIRED.email, EXPIRED.password)).statusCode).toBe(401);
      expect((await login(EXPIRED.email, 'New-password-2')).json<{ data: Json }>().data).toHaveProperty(
        'token',
      );
      expect((await eventsFor(EXPIRED.email)).map((event) => event.action)).toContain('password.changed');
    });

    it('also forces a change staff asked for, and never when expiry is 0', async () => {
      const row = await createStaff(t.db, { email: 'asked@example.com', password: 'Asked-pass-1' });
      await t.db.update(admins).set({ mustChangePassword: true }).where(eq(admins.id, row.id));
      expect((await login('asked@example.com', 'Asked-pass-1')).json()).toMatchObject({
        data: { passwordChangeRequired: true },
      });
      await t.db
        .update(admins)
        .set({ mustChangePassword: false, passwordChangedAt: sql`now() - interval '400 days'` })
        .where(eq(admins.id, row.id));
      expect((await saveSettings({ passwordExpiryDays: 0 })).statusCode).toBe(200);
      expect((await login('asked@example.com', 'Asked-pass-1')).json<{ data: Json }>().data).toHaveProperty(
        'token',
      );
      expect((await saveSettings({})).statusCode).toBe(200);
    });
  });

  describe('two-factor sign-in', () => {
    const STAFF = { email: 'twofactor@example.com', password: 'Two-factor-1' };
    let token: string;
    let secret: string;
    let recoveryCodes: string[];

    const secondStep = (payload: object, remoteAddress = '127.0.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/admin/login/2fa', payload, remoteAddress });

    async function challengeFor(remoteAddress = '127.0.0.1'): Promise<string> {
      const response = await login(STAFF.email, STAFF.password, remoteAddress);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('adminLogin', response);
      const data = response.json<{ data: Json }>().data;
      expect(data).toMatchObject({ twoFactorRequired: true, passwordChangeRequired: false });
      return data.challenge as string;
    }

    /**
     * A code is accepted once per account, so each use waits for the next one the authenticator shows: the clock
     * (the server's and the test's, both reading Date) moves on one 30-second step.
     */
    async function nextCode(): Promise<string> {
      vi.setSystemTime(Date.now() + 30_000);
      return generate({ secret });
    }

    beforeAll(async () => {
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      await createStaff(t.db, STAFF);
      token = await tokenFor(STAFF.email, STAFF.password);
    });
    afterAll(() => {
      vi.useRealTimers();
    });

    it('enrols with a QR code and a confirming code, answering ten recovery codes once', async () => {
      const started = await call('POST', '/admin/two-factor/setup', token);
      expect(started.statusCode).toBe(200);
      assertMatchesContract('startTwoFactorSetup', started);
      const setup = started.json<{ data: { secret: string; otpauthUrl: string; qrCode: string } }>().data;
      expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
      expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);
      secret = setup.secret;

      const status = await call('GET', '/admin/two-factor', token);
      assertMatchesContract('getTwoFactorStatus', status);
      expect(status.json()).toMatchObject({ data: { enabled: false, pending: true } });

      const wrong = await call('POST', '/admin/two-factor/confirm', token, { code: '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: 'The code is not valid.' });

      const confirmed = await call('POST', '/admin/two-factor/confirm', token, {
        code: await nextCode(),
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      assertMatchesContract('confirmTwoFactor', confirmed);
      recoveryCodes = confirmed.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes;
      expect(new Set(recoveryCodes).size).toBe(10);

      const [row] = await t.db.select().from(admins).where(eq(admins.email, STAFF.email));
      expect(row).toMatchObject({ twoFactorEnabled: true, twoFactorPendingSecret: null });
      // The secret is kept encrypted, never as it is.
      expect(row?.twoFactorSecret).toMatch(/^v1:/);
      expect(row?.twoFactorSecret).not.toContain(secret);
      // Only hashes are kept.
      expect(row?.recoveryCodes.some((hash) => recoveryCodes.includes(hash))).toBe(false);
      expect((await call('GET', '/admin/two-factor', token)).json()).toMatchObject({
        data: { enabled: true, pending: false, recoveryCodesLeft: 10 },
      });
    });

    it('answers a challenge instead of a token once enrolled, and signs in with the code', async () => {
      const challenge = await challengeFor();
      const wrong = await secondStep({ challenge, code: '000000' });
      expect(wrong.statusCode).toBe(401);
      assertMatchesContract('adminLoginTwoFactor', wrong);

      const response = await secondStep({ challenge, code: await nextCode() });
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('adminLoginTwoFactor', response);
      const signedIn = response.json<{ data: { token: string } }>().data.token;
      expect((await call('GET', '/admin/me', signedIn)).statusCode).toBe(200);
    });

    it('refuses a code when the stored secret was tampered with, without a 500', async () => {
      const [row] = await t.db.select().from(admins).where(eq(admins.email, STAFF.email));
      const stored = row?.twoFactorSecret ?? '';
      // The ciphertext's first character: six whole bits of it (the last may be padding only).
      const at = stored.lastIndexOf(':') + 1;
      const tampered = `${stored.slice(0, at)}${stored[at] === 'A' ? 'B' : 'A'}${stored.slice(at + 1)}`;
      await t.db.update(admins).set({ twoFactorSecret: tampered }).where(eq(admins.email, STAFF.email));
      try {
        const response = await secondStep({
          challenge: await challengeFor(),
          code: await nextCode(),
        });
        expect(response.statusCode).toBe(401);
        assertMatchesContract('adminLoginTwoFactor', response);
      } finally {
        await t.db.update(admins).set({ twoFactorSecret: stored }).where(eq(admins.email, STAFF.email));
      }
    });

    it('still accepts a secret stored before encryption, and encrypts it at that sign-in', async () => {
      const [row] = await t.db.select().from(admins).where(eq(admins.email, STAFF.email));
      const stored = row?.twoFactorSecret ?? '';
      await t.db.update(admins).set({ twoFactorSecret: secret }).where(eq(admins.email, STAFF.email));
      const response = await secondStep({
        challenge: await challengeFor(),
        code: await nextCode(),
      });
      expect(response.statusCode, response.body).toBe(200);
      const [after] = await t.db.select().from(admins).where(eq(admins.email, STAFF.email));
      expect(after?.twoFactorSecret).toMatch(/^v1:/);
      expect(after?.twoFactorSecret).not.toBe(stored);
    });

    it('takes each recovery code once', async () => {
      const [code] = recoveryCodes;
      const first = await secondStep({ challenge: await challengeFor(), recoveryCode: code });
      expect(first.statusCode, first.body).toBe(200);
      const again = await secondStep({ challenge: await challengeFor(), recoveryCode: code });
      expect(again.statusCode).toBe(401);
      expect((await call('GET', '/admin/two-factor', token)).json()).toMatchObject({
        data: { recoveryCodesLeft: 9 },
      });
      expect((await eventsFor(STAFF.email)).map((event) => event.action)).toContain(
        'two_factor.recovery_code_used',
      );
    });

    it('counts wrong codes against the sign-in limit', async () => {
      const ip = '127.0.0.9';
      const challenge = await challengeFor(ip);
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await secondStep({ challenge, code: '000000' }, ip)).statusCode).toBe(401);
      }
      const refused = await secondStep({ challenge, code: await generate({ secret }) }, ip);
      expect(refused.statusCode).toBe(429);
      assertMatchesContract('adminLoginTwoFactor', refused);
    });

    it('accepts one authenticator code once, even on a new challenge', async () => {
      const code = await nextCode();
      const first = await secondStep({ challenge: await challengeFor('127.0.1.1'), code }, '127.0.1.1');
      expect(first.statusCode, first.body).toBe(200);
      const replayed = await secondStep({ challenge: await challengeFor('127.0.1.2'), code }, '127.0.1.2');
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json()).toMatchObject({ message: 'The code is not valid.' });
      // The code of the step before the one used is refused too: steps only move forward.
      vi.setSystemTime(Date.now() + 30_000);
      const older = await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 60 });
      const late = await secondStep({ challenge: await challengeFor('127.0.1.3'), code: older }, '127.0.1.3');
      expect(late.statusCode).toBe(401);
    });

    it('lets one challenge sign in once', async () => {
      const challenge = await challengeFor('127.0.2.1');
      const first = await secondStep({ challenge, code: await nextCode() }, '127.0.2.1');
      expect(first.statusCode, first.body).toBe(200);
      const again = await secondStep({ challenge, code: await nextCode() }, '127.0.2.2');
      expect(again.statusCode).toBe(401);
      assertMatchesContract('adminLoginTwoFactor', again);
      expect(again.json()).toMatchObject({
        message: 'This sign-in step has expired or was already used. Please sign in again.',
      });
      const recovery = await secondStep({ challenge, recoveryCode: recoveryCodes[5] }, '127.0.2.3');
      expect(recovery.statusCode).toBe(401);
    });

    it('checks at most five codes on one challenge, from however many addresses', async () => {
      const challenge = await challengeFor('127.0.3.1');
      const answers: { statusCode: number; json: () => { message: string } }[] = [];
      for (let i = 0; i < 20; i++) {
        answers.push(await secondStep({ challenge, code: String(100000 + i) }, `127.0.3.${1 + (i % 5)}`));
      }
      const checked = answers.filter((answer) => answer.json().message === 'The code is not valid.');
      expect(checked).toHaveLength(5);
      expect(answers.slice(5).every((answer) => answer.statusCode === 401)).toBe(true);
      // The right code no longer helps: the challenge is dead, a new sign-in is needed.
      const right = await secondStep({ challenge, code: await nextCode() }, '127.0.3.9');
      expect(right.statusCode).toBe(401);
      const fresh = await secondStep(
        { challenge: await challengeFor('127.0.3.9'), code: await nextCode() },
        '127.0.3.9',
      );
      expect(fresh.statusCode, fresh.body).toBe(200);
    });

    it('turns off only with a current code', async () => {
      expect((await call('POST', '/admin/two-factor/disable', token, { code: '000000' })).statusCode).toBe(
        400,
      );
      const response = await call('POST', '/admin/two-factor/disable', token, {
        code: await nextCode(),
      });
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('disableTwoFactor', response);
      expect((await login(STAFF.email, STAFF.password)).json<{ data: Json }>().data).toHaveProperty('token');
      expect((await eventsFor(STAFF.email)).map((event) => event.action)).toEqual(
        expect.arrayContaining(['two_factor.enabled', 'two_factor.disabled']),
      );
    });

    it('sends staff who have not enrolled to enrol when the settings require it', async () => {
      expect((await saveSettings({ twoFactorRequired: true })).statusCode).toBe(200);
      const response = await login(STAFF.email, STAFF.password);
      expect(response.json()).toMatchObject({ data: { twoFactorSetupRequired: true } });
      expect((await saveSettings({})).statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    const STAFF = { email: 'devices@example.com', password: 'Devices-pass-1' };

    beforeAll(async () => {
      await createStaff(t.db, STAFF);
    });

    it('puts the session id in every token and lists the live sessions as trusted devices', async () => {
      const laptop = await tokenFor(STAFF.email, STAFF.password);
      const phoneResponse = await login(
        STAFF.email,
        STAFF.password,
        '127.0.0.1',
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1',
      );
      const phone = phoneResponse.json<{ data: { token: string } }>().data.token;
      const response = await call('GET', '/admin/sessions', laptop);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('listStaffSessions', response);
      const devices = response.json<{ data: Json[] }>().data;
      expect(devices).toHaveLength(2);
      expect(devices).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: decodeJwt(laptop).sid, name: 'Chrome on Windows', current: true }),
          expect.objectContaining({ id: decodeJwt(phone).sid, name: 'Safari on iOS', current: false }),
        ]),
      );
      // A second browser is a new device: an event, and (alert on) a message to the staff member.
      expect((await eventsFor(STAFF.email)).map((event) => event.action)).toContain('login.new_device');
      const messages = await t.db.select().from(outbox).where(eq(outbox.to, STAFF.email));
      expect(messages.map((message) => message.kind)).toContain('security.login.new_device');
    });

    it('ends a revoked session’s token at once', async () => {
      const laptop = await tokenFor(STAFF.email, STAFF.password);
      const other = await tokenFor(STAFF.email, STAFF.password);
      expect((await call('GET', '/admin/me', other)).statusCode).toBe(200);
      const response = await call('DELETE', `/admin/sessions/${decodeJwt(other).sid}`, laptop);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('revokeStaffSession', response);
      expect((await call('GET', '/admin/me', other)).statusCode).toBe(401);
      expect((await call('GET', '/admin/me', laptop)).statusCode).toBe(200);
      expect((await call('DELETE', `/admin/sessions/${decodeJwt(other).sid}`, laptop)).statusCode).toBe(404);
    });

    it('never revokes another staff member’s session', async () => {
      const mine = await tokenFor(STAFF.email, STAFF.password);
      const response = await call('DELETE', `/admin/sessions/${decodeJwt(adminToken).sid}`, mine);
      expect(response.statusCode).toBe(404);
      expect((await call('GET', '/admin/me', adminToken)).statusCode).toBe(200);
    });

    it('logs staff out, ending only that token', async () => {
      const first = await tokenFor(STAFF.email, STAFF.password);
      const second = await tokenFor(STAFF.email, STAFF.password);
      const response = await call('POST', '/admin/logout', first);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('adminLogout', response);
      expect((await call('GET', '/admin/me', first)).statusCode).toBe(401);
      expect((await call('POST', '/admin/logout', first)).statusCode).toBe(401);
      expect((await call('GET', '/admin/me', second)).statusCode).toBe(200);
    });

    it('writes last use at most once a minute', async () => {
      const token = await tokenFor(STAFF.email, STAFF.password);
      const sid = decodeJwt(token).sid as string;
      const longAgo = new Date(Date.now() - 10 * 60 * 1000);
      await t.db.update(sessions).set({ lastUsedAt: longAgo }).where(eq(sessions.id, sid));
      await call('GET', '/admin/me', token);
      const [touched] = await t.db.select().from(sessions).where(eq(sessions.id, sid));
      expect(touched?.lastUsedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      const stamp = touched?.lastUsedAt.getTime();
      await call('GET', '/admin/me', token);
      const [again] = await t.db.select().from(sessions).where(eq(sessions.id, sid));
      expect(again?.lastUsedAt.getTime()).toBe(stamp);
    });

    it('logs a shopper out with POST /user/logout', async () => {
      const shopper = await registerShopper(t.app);
      const response = await call('POST', '/user/logout', shopper.token);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('customerLogout', response);
      expect(response.json()).toMatchObject({ message: 'Logout successful.' });
      expect((await call('GET', '/user/profile', shopper.token)).statusCode).toBe(401);
    });
  });

  describe('security events and alerts', () => {
    it('records failed sign-ins, alerts the dashboard and writes to the staff member', async () => {
      await createStaff(t.db, { email: 'alerted@example.com', password: 'Alerted-pass-1' });
      expect((await login('alerted@example.com', 'wrong-password', '127.0.0.5')).statusCode).toBe(401);
      const [event] = await eventsFor('alerted@example.com');
      expect(event).toMatchObject({ action: 'login.failed', ip: '127.0.0.5' });
      const [message] = await t.db.select().from(outbox).where(eq(outbox.to, 'alerted@example.com'));
      expect(message).toMatchObject({ kind: 'security.login.failed' });

      const alerts = await call('GET', '/admin/alerts', adminToken);
      expect(alerts.statusCode).toBe(200);
      expect(alerts.json<{ data: Json[] }>().data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'security',
            severity: 'high',
            message: expect.stringMatching(/failed staff sign-ins? in the last 24 hours\./),
          }),
        ]),
      );
    });

    it('keeps quiet on the dashboard and in the outbox when the toggle is off', async () => {
      expect(
        (await saveSettings({ alerts: { ...DEFAULT_SETTINGS.alerts, failedLogin: false } })).statusCode,
      ).toBe(200);
      await createStaff(t.db, { email: 'quiet@example.com', password: 'Quiet-pass-1' });
      await login('quiet@example.com', 'wrong-password', '127.0.0.6');
      expect(await t.db.select().from(outbox).where(eq(outbox.to, 'quiet@example.com'))).toEqual([]);
      const alerts = await call('GET', '/admin/alerts', adminToken);
      expect(
        alerts.json<{ data: Json[] }>().data.some((alert) => /failed staff/.test(String(alert.message))),
      ).toBe(false);
      expect((await saveSettings({})).statusCode).toBe(200);
    });

    it('lists events newest first, paged', async () => {
      const response = await call('GET', '/admin/security/events?page=1&limit=2', adminToken);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('listSecurityEvents', response);
      const body = response.json<{ data: { timestamp: string }[]; meta: { total: number } }>();
      expect(body.data).toHaveLength(2);
      expect(body.meta.total).toBeGreaterThan(2);
      expect(Date.parse(body.data[0]?.timestamp ?? '')).toBeGreaterThanOrEqual(
        Date.parse(body.data[1]?.timestamp ?? ''),
      );
      const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(securityEvents);
      expect(body.meta.total).toBe(count?.n);
    });
  });
});
