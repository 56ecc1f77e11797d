import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, outbox } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, loginCustomer, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('shopper accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress = '198.51.100.10') =>
    t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password }, remoteAddress });
  const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/user/register', payload });
  const getProfile = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });
  const updateProfile = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: bearer(token), payload });
  const changePassword = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/user/password', headers: bearer(token), payload });
  const rowOf = async (id: string) => {
    const [row] = await t.db.select().from(customers).where(eq(customers.id, id));
    if (!row) throw new Error('no such customer');
    return row;
  };

  describe('POST /api/user/login', () => {
    it('signs the demo shopper in, answering the token twice', async () => {
      const response = await login('shopper@example.com', 'shopper123');
      expect(response.statusCode).toBe(200);
      assertMatchesContract('customerLogin', response);
      const body = response.json();
      expect(body.message).toBe('Login successful.');
      expect(body.token).toBe(body.data.token);
      expect(body.data.user).toMatchObject({
        username: 'shopper',
        email: 'shopper@example.com',
        name: 'Demo Shopper',
        firstName: 'Demo',
        lastName: 'Shopper',
        totalOrders: 6,
      });
      const payload = decodeJwt(body.token);
      expect(payload).toMatchObject({
        sub: body.data.user._id,
        aud: 'shop:customer',
        username: 'shopper',
        email: 'shopper@example.com',
        tv: 1,
      });
      expect(payload.exp).toBe((payload.iat ?? 0) + 7 * 24 * 60 * 60);
    });

    it('takes the username or the phone number in the same field', async () => {
      expect((await login('Shopper', 'shopper123')).statusCode).toBe(200);
      expect((await login('+880 1712-345678', 'shopper123')).statusCode).toBe(200);
    });

    it('answers wrong credentials with 401', async () => {
      for (const [identifier, password] of [
        ['shopper@example.com', 'shopper12'],
        ['nobody', 'shopper123'],
      ] as const) {
        const response = await login(identifier, password, '198.51.100.11');
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          success: false,
          code: 'UNAUTHORIZED',
          message: 'Invalid credentials.',
        });
        assertMatchesContract('customerLogin', response);
      }
    });

    it('refuses a blank identifier', async () => {
      const response = await login('   ', 'shopper123');
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([expect.objectContaining({ path: '/email' })]);
    });

    it('answers 429 after five failures for one identifier and address', async () => {
      const ip = '203.0.113.200';
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await login('emily', `nope-${attempt}`, ip)).statusCode).toBe(401);
      }
      const response = await login('emily', 'emily12345', ip);
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({
        success: false,
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many failed login attempts. Please try again later.',
      });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      assertMatchesContract('customerLogin', response);
    });
  });

  describe('POST /api/user/register', () => {
    it('creates the account and signs it in', async () => {
      const response = await register({
        name: 'Nusrat Jahan',
        email: 'Nusrat@Example.org',
        password: 's3cret-pass',
        confirmPassword: 's3cret-pass',
      });
      expect(response.statusCode).toBe(201);
      assertMatchesContract('customerRegister', response);
      const body = response.json();
      expect(body).toMatchObject({
        success: true,
        message: 'Registration successful.',
        data: {
          user: {
            username: 'nusrat',
            email: 'nusrat@example.org',
            name: 'Nusrat Jahan',
            firstName: null,
            lastName: null,
            phone: null,
            address: null,
            totalOrders: 0,
          },
        },
      });
      expect(body.token).toBe(body.data.token);
      expect((await getProfile(body.token)).statusCode).toBe(200);
      expect((await login('nusrat@example.org', 's3cret-pass')).statusCode).toBe(200);
    });

    it('makes the derived username unique', async () => {
      const first = await registerShopper(t.app, { email: 'rahim@one.example' });
      const second = await registerShopper(t.app, { email: 'rahim@two.example' });
      const third = await registerShopper(t.app, { email: 'shopper@elsewhere.example' });
      expect([first.username, second.username, third.username]).toEqual(['rahim', 'rahim2', 'shopper2']);
    });

    it('answers 409 for an email already in use, whatever its case', async () => {
      const response = await register({
        name: 'Someone Else',
        email: 'SHOPPER@example.com',
        password: 'another-pass',
        confirmPassword: 'another-pass',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        code: 'CONFLICT',
        message: 'An account with this email already exists.',
      });
      assertMatchesContract('customerRegister', response);
    });

    it('refuses passwords that differ or are too short', async () => {
      const mismatch = await register({
        name: 'A B',
        email: 'ab@example.org',
        password: 'abcdef',
        confirmPassword: 'abcdeg',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Passwords do not match.',
        errors: [{ path: '/confirmPassword', message: 'Passwords do not match.' }],
      });
      const short = await register({
        name: 'A B',
        email: 'ab@example.org',
        password: 'abcde',
        confirmPassword: 'abcde',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors).toEqual([expect.objectContaining({ path: '/password' })]);
    });

    it('never stores fields such as role or isAdmin', async () => {
      const response = await register({
        name: 'Mallory',
        email: 'mallory@example.org',
        password: 'mallory-pass',
        confirmPassword: 'mallory-pass',
        role: 'SuperAdmin',
        isAdmin: true,
        permissions: ['admins'],
        id: '00000000-0000-4000-8000-000000000001',
        tokenVersion: 99,
        token_version: 99,
        passwordHash: 'plain',
        username: 'root',
        // Only staff make an account a business one (B2B prices).
        isBusiness: true,
      });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      const row = await rowOf(body.data.user._id);
      expect(row).toEqual({
        id: body.data.user._id,
        username: 'mallory',
        email: 'mallory@example.org',
        phone: null,
        firstName: null,
        lastName: null,
        name: 'Mallory',
        address: null,
        passwordHash: expect.stringMatching(/^\$argon2id\$/),
        hasPassword: true,
        tokenVersion: 1,
        lastLoginAt: null,
        status: 'Active',
        deletedAt: null,
        inviteTokenHash: null,
        inviteExpiresAt: null,
        settings: {},
        isBusiness: false,
        cartRemindersOffAt: null,
        createdAt: expect.any(Date),
        updatedAt: expect.any(Date),
      });
      expect(row.id).not.toBe('00000000-0000-4000-8000-000000000001');
      expect(decodeJwt(body.token)).not.toHaveProperty('role');
      const staffOnly = await t.app.inject({
        method: 'GET',
        url: '/api/stats/overview',
        headers: bearer(body.token),
      });
      expect(staffOnly.statusCode).toBe(403);
    });
  });

  describe('profile', () => {
    it('reads the signed-in shopper’s profile', async () => {
      const token = await loginCustomer(t.app, 'shopper@example.com', 'shopper123');
      const response = await getProfile(token);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('getProfile', response);
      expect(response.json().data).toMatchObject({
        username: 'shopper',
        phone: '+8801712345678',
        address: 'House 12, Road 5, Dhanmondi, Dhaka 1205',
        totalOrders: 6,
      });
    });

    it('changes only the fields sent, and the name follows first and last name', async () => {
      const shopper = await registerShopper(t.app, { name: 'Karim', email: 'karim@example.org' });
      const before = await rowOf(shopper.id);
      const response = await updateProfile(shopper.token, {
        firstName: 'Karim',
        lastName: ' Hossain ',
        phone: '+880 1999-000111',
        address: 'Road 3, Gulshan, Dhaka',
      });
      expect(response.statusCode).toBe(200);
      assertMatchesContract('updateProfile', response);
      expect(response.json()).toMatchObject({
        success: true,
        message: 'Profile updated successfully!',
        data: {
          username: before.username,
          email: before.email,
          firstName: 'Karim',
          lastName: 'Hossain',
          name: 'Karim Hossain',
          phone: '+8801999000111',
          address: 'Road 3, Gulshan, Dhaka',
        },
      });
      expect((await login('01999000111', shopper.password)).statusCode).toBe(401);
      expect((await login('+8801999000111', shopper.password)).statusCode).toBe(200);

      const cleared = await updateProfile(shopper.token, { address: '' });
      expect(cleared.json().data).toMatchObject({
        address: null,
        phone: '+8801999000111',
        name: 'Karim Hossain',
      });
    });

    it('never stores fields such as role, isAdmin or password', async () => {
      const shopper = await registerShopper(t.app);
      const before = await rowOf(shopper.id);
      const response = await updateProfile(shopper.token, {
        role: 'SuperAdmin',
        isAdmin: true,
        password: 'hijacked-pass',
        passwordHash: 'x',
        tokenVersion: 50,
        id: '00000000-0000-4000-8000-000000000002',
        createdAt: '2000-01-01T00:00:00.000Z',
      });
      expect(response.statusCode).toBe(200);
      const after = await rowOf(shopper.id);
      expect({ ...after, updatedAt: before.updatedAt }).toEqual(before);
      expect((await login(shopper.email, shopper.password)).statusCode).toBe(200);
      expect((await login(shopper.email, 'hijacked-pass')).statusCode).toBe(401);
    });

    it('answers 409 when the email, username or phone belongs to someone else', async () => {
      const shopper = await registerShopper(t.app);
      for (const [change, message] of [
        [
          { email: 'Shopper@Example.com', currentPassword: shopper.password },
          'An account with this email already exists.',
        ],
        [{ username: 'SHOPPER' }, 'This username is already taken.'],
        [{ phone: '+880 1712 345678' }, 'An account with this phone number already exists.'],
      ] as const) {
        const response = await updateProfile(shopper.token, change);
        expect(response.statusCode, JSON.stringify(change)).toBe(409);
        expect(response.json()).toEqual({ success: false, code: 'CONFLICT', message });
        assertMatchesContract('updateProfile', response);
      }
      const own = await updateProfile(shopper.token, {
        email: shopper.email.toUpperCase(),
        username: shopper.username,
      });
      expect(own.statusCode).toBe(200);
    });

    it('changes the email only with the current password, and tells the old address', async () => {
      const shopper = await registerShopper(t.app);
      const newEmail = `moved.${Date.now()}@example.org`;
      const mailsTo = (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to));

      const missing = await updateProfile(shopper.token, { email: newEmail, firstName: 'Moved' });
      expect(missing.statusCode).toBe(400);
      assertMatchesContract('updateProfile', missing);
      expect(missing.json()).toMatchObject({
        message: 'Enter your current password to change your email.',
        errors: [{ path: '/currentPassword', message: 'Enter your current password to change your email.' }],
      });
      const wrong = await updateProfile(shopper.token, {
        email: newEmail,
        currentPassword: 'not-my-password',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        message: 'Current password is incorrect.',
        errors: [{ path: '/currentPassword', message: 'Current password is incorrect.' }],
      });
      expect(await rowOf(shopper.id)).toMatchObject({ email: shopper.email, firstName: null });
      expect(await mailsTo(shopper.email)).toEqual([]);

      const changed = await updateProfile(shopper.token, {
        email: newEmail,
        currentPassword: shopper.password,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data).toMatchObject({ email: newEmail });
      expect((await login(newEmail, shopper.password)).statusCode).toBe(200);
      expect((await login(shopper.email, shopper.password)).statusCode).toBe(401);
      const [notice, ...more] = await mailsTo(shopper.email);
      expect(more).toEqual([]);
      expect(notice).toMatchObject({ kind: 'account.email_changed' });
      expect(notice?.body).toContain(newEmail);
      // Other fields still change without it.
      expect((await updateProfile(shopper.token, { firstName: 'Moved' })).statusCode).toBe(200);
    });

    it('limits guesses of the current password on an email change', async () => {
      const shopper = await registerShopper(t.app);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await updateProfile(shopper.token, {
          email: `guess${i}.${Date.now()}@example.org`,
          currentPassword: `guess-${i}`,
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    });

    it('refuses an email change on an account made by an outside sign-in, which has no password', async () => {
      const shopper = await registerShopper(t.app);
      await t.db.update(customers).set({ hasPassword: false }).where(eq(customers.id, shopper.id));
      const response = await updateProfile(shopper.token, {
        email: `elsewhere.${Date.now()}@example.org`,
        currentPassword: shopper.password,
      });
      expect(response.statusCode).toBe(403);
      assertMatchesContract('updateProfile', response);
      expect(response.json().message).toMatch(/has no password, so its email cannot be changed here/);
      expect((await rowOf(shopper.id)).email).toBe(shopper.email);
    });

    it('refuses a username with spaces and bad field types', async () => {
      const shopper = await registerShopper(t.app);
      const spaced = await updateProfile(shopper.token, { username: 'two words' });
      expect(spaced.statusCode).toBe(400);
      expect(spaced.json().errors).toEqual([expect.objectContaining({ path: '/username' })]);
      const wrongTypes = await updateProfile(shopper.token, { email: 'nope', phone: 1234 });
      expect(wrongTypes.statusCode).toBe(400);
      expect(
        wrongTypes
          .json()
          .errors.map((e: { path: string }) => e.path)
          .sort(),
      ).toEqual(['/email', '/phone']);
    });
  });

  describe('PUT /api/user/password', () => {
    it('refuses a wrong current password with 400', async () => {
      const shopper = await registerShopper(t.app);
      const response = await changePassword(shopper.token, {
        currentPassword: 'not-it',
        newPassword: 'brand-new-pass',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Current password is incorrect.',
        errors: [{ path: '/currentPassword', message: 'Current password is incorrect.' }],
      });
      assertMatchesContract('changePassword', response);
      expect((await getProfile(shopper.token)).statusCode).toBe(200);
    });

    it('refuses a new password under 6 characters', async () => {
      const shopper = await registerShopper(t.app);
      const response = await changePassword(shopper.token, {
        currentPassword: shopper.password,
        newPassword: '12345',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([expect.objectContaining({ path: '/newPassword' })]);
    });

    it('changes the password, ends older tokens and answers a fresh one', async () => {
      const shopper = await registerShopper(t.app);
      const olderToken = await loginCustomer(t.app, shopper.email, shopper.password);
      const response = await changePassword(shopper.token, {
        currentPassword: shopper.password,
        newPassword: 'brighter-days-42',
      });
      expect(response.statusCode).toBe(200);
      assertMatchesContract('changePassword', response);
      const body = response.json();
      expect(body.message).toBe('Password updated successfully!');
      expect(decodeJwt(body.data.token)).toMatchObject({ sub: shopper.id, tv: 2 });

      for (const token of [shopper.token, olderToken]) expect((await getProfile(token)).statusCode).toBe(401);
      expect((await getProfile(body.data.token)).statusCode).toBe(200);
      expect((await login(shopper.email, shopper.password)).statusCode).toBe(401);
      expect((await login(shopper.email, 'brighter-days-42')).statusCode).toBe(200);
    });
  });
});
