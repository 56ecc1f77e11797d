import { randomUUID } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_SUSPENDED } from '../../auth/guards.ts';
import { MAX_FAILED_LOGINS, MAX_REGISTRATIONS_PER_ADDRESS } from '../../auth/login-throttle.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { createTokenService } from '../../auth/tokens.ts';
import { activityLog, orderItems, orders, outbox, sessions, stores } from '../../db/schema.ts';
import type { OperationId } from '../../http/contract-types.ts';
import { assertMatchesContract, contractOperations } from '../../test/contract.ts';
import { multipartForm } from '../../test/multipart.ts';
import { bearer, limitedStaffToken, type RegisteredShopper, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_TOKEN_SECRET } from '../../test/test-config.ts';
import {
  createVendor,
  insertVendorProduct,
  signedInVendor,
  type TestVendor,
  vendorToken,
} from '../../test/vendors.ts';
import {
  APPLICATION_PENDING,
  NOT_A_VENDOR_IMAGE,
  REASON_REQUIRED,
  STORE_EMAIL_TAKEN,
  VENDOR_LOGIN_FAILED,
} from './vendors.handlers.ts';
import { VENDOR_MESSAGES } from './vendors.validation.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1');

/** The vendor operations this module answers; every one refuses staff and shopper tokens. */
const VENDOR_OPERATIONS: OperationId[] = [
  'vendorLogout',
  'getVendorProfile',
  'updateVendorProfile',
  'uploadVendorImage',
  'getVendorDashboard',
];
const STAFF_OPERATIONS: OperationId[] = [
  'listVendorApplications',
  'approveVendorApplication',
  'rejectVendorApplication',
  'suspendVendor',
  'reactivateVendor',
];

let addresses = 0;
/** A client address of its own, so the per-address limits are met only where a test means to. */
const freshAddress = () => {
  addresses += 1;
  return `10.77.${(addresses >> 8) & 255}.${addresses & 255}`;
};

describe('vendor accounts', () => {
  let t: TestApp;
  let admin: string;
  let productsOnly: string;
  let shopper: RegisteredShopper;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await limitedStaffToken(t.app, t.db, ['admins']);
    productsOnly = await limitedStaffToken(t.app, t.db, ['products']);
    shopper = await registerShopper(t.app, { name: 'Nusrat Jahan' });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string | null,
    payload?: object,
    extra: Partial<InjectOptions> = {},
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      remoteAddress: freshAddress(),
      ...(payload ? { payload } : {}),
      ...extra,
    });

  const apply = (payload: object, remoteAddress = freshAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/vendor/apply', payload, remoteAddress });

  const login = (email: string, password: string, remoteAddress = freshAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/vendor/login', payload: { email, password }, remoteAddress });

  let emails = 0;
  const newEmail = () => {
    emails += 1;
    return `applicant${emails}.${Date.now()}@example.org`;
  };

  const application = (overrides: Record<string, unknown> = {}) => ({
    storeName: 'Dhaka Leather Works',
    email: newEmail(),
    password: 'leather-42',
    phone: '+880 1711-000000',
    address: '12 Tanner Lane, Hazaribagh, Dhaka',
    description: 'Hand-stitched leather bags and wallets.',
    ...overrides,
  });

  const storeRow = async (id: string) => {
    const [row] = await t.db.select().from(stores).where(eq(stores.id, id));
    if (!row) throw new Error(`no store ${id}`);
    return row;
  };

  const messagesTo = (to: string) =>
    t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));

  const uploadImage = (token: string | null, bytes: Buffer, name = 'logo.png', type = 'image/png') => {
    const { payload, headers } = multipartForm({ name, type, bytes });
    return t.app.inject({
      method: 'POST',
      url: '/api/vendor/images',
      payload,
      headers: { ...headers, ...(token ? bearer(token) : {}) },
    });
  };

  describe('POST /vendor/apply', () => {
    it('records a pending vendor store with a hashed password, and tells the applicant and the store', async () => {
      const body = application();
      const response = await apply({ ...body, email: body.email.toUpperCase() });
      expect(response.statusCode, response.body).toBe(201);
      assertMatchesContract('applyVendor', response);
      const { message, data } = response.json();
      expect(message).toMatch(/under review/);
      expect(data).toMatchObject({
        name: 'Dhaka Leather Works',
        email: body.email,
        phone: '+880 1711-000000',
        address: '12 Tanner Lane, Hazaribagh, Dhaka',
        description: 'Hand-stitched leather bags and wallets.',
        logoUrl: null,
        status: 'pending',
        reviewNote: null,
      });
      const row = await storeRow(data._id);
      expect(row).toMatchObject({ kind: 'vendor', status: 'pending', email: body.email });
      expect(row.passwordHash).not.toContain('leather-42');
      expect(await verifyPassword(row.passwordHash ?? '', 'leather-42')).toBe(true);

      const [received] = await messagesTo(body.email);
      expect(received).toMatchObject({ kind: 'vendor.application.received' });
      const [staffNote] = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, 'vendor.application.new'), like(outbox.body, `%${body.email}%`)));
      expect(staffNote?.to).toBe('support@example.com');
    });

    it('never takes a status, kind or logo from the applicant', async () => {
      const body = application();
      const response = await apply({
        ...body,
        status: 'active',
        kind: 'marketplace',
        logoUrl: 'http://x.test/a.png',
      });
      // Unknown properties are dropped before the handler: the application is taken as a plain one.
      expect(response.statusCode, response.body).toBe(201);
      const row = await storeRow(response.json().data._id);
      expect(row).toMatchObject({ status: 'pending', kind: 'vendor', logoUrl: null });
      expect((await login(body.email, body.password)).statusCode).toBe(403);
    });

    it.each([
      ['no store name', { storeName: undefined }, undefined],
      ['a blank store name', { storeName: '   ' }, '/storeName'],
      ['no email', { email: undefined }, undefined],
      ['an email that is not one', { email: 'leather-at-example.org' }, undefined],
      ['a short password', { password: 'abc' }, undefined],
      ['a phone that is not one', { phone: 'call me' }, '/phone'],
      ['a store name too long', { storeName: 'x'.repeat(121) }, undefined],
      ['a description too long', { description: 'x'.repeat(2001) }, undefined],
    ])('refuses %s with 400 and writes nothing', async (_label, change, path) => {
      const body = application(change);
      const response = await apply(body);
      expect(response.statusCode, response.body).toBe(400);
      assertMatchesContract('applyVendor', response);
      if (path) expect(response.json().errors).toContainEqual(expect.objectContaining({ path }));
      if (typeof body.email === 'string') {
        expect(await t.db.select().from(stores).where(eq(stores.email, body.email))).toEqual([]);
      }
    });

    it('answers 409 when any store already uses the email, whatever its case', async () => {
      const first = application();
      expect((await apply(first)).statusCode).toBe(201);
      const again = await apply(application({ email: first.email.toUpperCase() }));
      expect(again.statusCode).toBe(409);
      assertMatchesContract('applyVendor', again);
      expect(again.json().message).toBe(STORE_EMAIL_TAKEN);

      const factoryEmail = newEmail();
      await t.db.insert(stores).values({ name: 'Factory', email: factoryEmail, kind: 'factory' });
      expect((await apply(application({ email: factoryEmail }))).statusCode).toBe(409);
    });

    it('lets two applications with one email race, and records only one', async () => {
      const email = newEmail();
      const answers = await Promise.all([
        apply(application({ email })),
        apply(application({ email: email.toUpperCase() })),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const rows = await t.db.select().from(stores).where(eq(stores.email, email));
      expect(rows).toHaveLength(1);
    });

    it('limits the applications from one address', async () => {
      const address = freshAddress();
      for (let i = 0; i < MAX_REGISTRATIONS_PER_ADDRESS; i++) {
        expect((await apply(application(), address)).statusCode).toBe(201);
      }
      const refused = await apply(application(), address);
      expect(refused.statusCode).toBe(429);
      assertMatchesContract('applyVendor', refused);
      expect((await apply(application())).statusCode).toBe(201);
    });
  });

  describe('POST /vendor/login', () => {
    it('signs an approved vendor in, with a token for a session, and logs it', async () => {
      const vendor = await createVendor(t.db, { name: 'Sylhet Tea House' });
      const response = await login(` ${vendor.email.toUpperCase()} `, vendor.password);
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('vendorLogin', response);
      const { data } = response.json();
      expect(data.store).toMatchObject({ _id: vendor.id, name: 'Sylhet Tea House', status: 'active' });
      const payload = JSON.parse(Buffer.from(data.token.split('.')[1], 'base64url').toString());
      expect(payload).toMatchObject({ aud: 'shop:vendor', sub: vendor.id, tv: 1 });
      const [session] = await t.db.select().from(sessions).where(eq(sessions.id, payload.sid));
      expect(session).toMatchObject({ actorType: 'vendor', accountId: vendor.id, revokedAt: null });
      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'vendor.login'), eq(activityLog.actorId, vendor.id)));
      expect(entry).toMatchObject({ actorType: 'vendor', outcome: 'success' });
    });

    it('answers 401 the same way to an unknown email and a wrong password', async () => {
      const vendor = await createVendor(t.db);
      const unknown = await login('nobody.here@example.org', 'whatever-1');
      const wrong = await login(vendor.email, 'not-the-password');
      for (const response of [unknown, wrong]) {
        expect(response.statusCode).toBe(401);
        assertMatchesContract('vendorLogin', response);
        expect(response.json().message).toBe(VENDOR_LOGIN_FAILED);
      }
      const failures = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'vendor.login'), eq(activityLog.outcome, 'failed')));
      expect(failures.map((row) => row.actorEmail)).toEqual(
        expect.arrayContaining(['nobody.here@example.org', vendor.email]),
      );
    });

    it('tells a pending, rejected or suspended store why it cannot sign in, only after the password', async () => {
      const pending = await createVendor(t.db, { status: 'pending' });
      const rejected = await createVendor(t.db, { status: 'rejected' });
      await t.db
        .update(stores)
        .set({ reviewNote: 'We could not verify the business address.' })
        .where(eq(stores.id, rejected.id));
      const suspended = await createVendor(t.db, { status: 'suspended' });
      const cases: [TestVendor, string][] = [
        [pending, APPLICATION_PENDING],
        [rejected, 'Your application was not approved: We could not verify the business address.'],
        [suspended, STORE_SUSPENDED],
      ];
      for (const [vendor, message] of cases) {
        const response = await login(vendor.email, vendor.password);
        expect(response.statusCode).toBe(403);
        assertMatchesContract('vendorLogin', response);
        expect(response.json().message).toBe(message);
        const guess = await login(vendor.email, 'a-wrong-guess');
        expect(guess.statusCode).toBe(401);
        expect(guess.json().message).toBe(VENDOR_LOGIN_FAILED);
      }
      expect(
        await t.db
          .select()
          .from(sessions)
          .where(and(eq(sessions.actorType, 'vendor'), eq(sessions.accountId, pending.id))),
      ).toEqual([]);
    });

    it('lets only vendor stores with a password sign in', async () => {
      const email = newEmail();
      const vendor = await createVendor(t.db, { email });
      await t.db.update(stores).set({ kind: 'factory' }).where(eq(stores.id, vendor.id));
      expect((await login(email, vendor.password)).statusCode).toBe(401);

      const noPassword = newEmail();
      await t.db.insert(stores).values({ name: 'No sign-in', email: noPassword, kind: 'vendor' });
      expect((await login(noPassword, 'anything-1')).statusCode).toBe(401);
    });

    it('refuses a sixth wrong try from one address with 429, even with the right password', async () => {
      const vendor = await createVendor(t.db);
      const address = freshAddress();
      for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
        expect((await login(vendor.email, 'wrong-password', address)).statusCode).toBe(401);
      }
      const refused = await login(vendor.email, vendor.password, address);
      expect(refused.statusCode).toBe(429);
      assertMatchesContract('vendorLogin', refused);
      // Another address is not locked out by the guesses.
      expect((await login(vendor.email, vendor.password)).statusCode).toBe(200);
    });

    it('refuses a body without a password with 400', async () => {
      const response = await call('POST', '/vendor/login', null, { email: 'a@example.org' });
      expect(response.statusCode).toBe(400);
      assertMatchesContract('vendorLogin', response);
    });
  });

  describe('tokens and permissions', () => {
    const tokens = createTokenService({
      secret: TEST_TOKEN_SECRET,
      ttlSeconds: { staff: 3600, customer: 3600, vendor: 3600 },
    });

    /** A request for the operation that passes its contract checks, so only the token decides. */
    function requestFor(operationId: OperationId): Partial<InjectOptions> & { method: string; url: string } {
      const op = contractOperations.find((candidate) => candidate.operationId === operationId);
      if (!op) throw new Error(`${operationId} is not in the contract`);
      const url = `/api${op.path.replace('{id}', randomUUID())}`;
      const method = op.method.toUpperCase();
      if (operationId === 'uploadVendorImage') {
        const { payload, headers } = multipartForm({ name: 'a.png', type: 'image/png', bytes: PNG });
        return { method, url, payload, headers };
      }
      if (operationId === 'updateVendorProfile') {
        return { method, url, payload: { name: 'Changed', email: newEmail() } };
      }
      if (operationId === 'rejectVendorApplication') return { method, url, payload: { reason: 'No.' } };
      return { method, url };
    }

    const send = (operationId: OperationId, token: string | null) => {
      const { headers, ...rest } = requestFor(operationId);
      return t.app.inject({
        ...rest,
        method: rest.method as InjectOptions['method'],
        headers: { ...(headers as Record<string, string> | undefined), ...(token ? bearer(token) : {}) },
      } as InjectOptions);
    };

    it('has every vendor operation behind vendorBearer and every staff one behind the admins permission', () => {
      for (const id of VENDOR_OPERATIONS) {
        expect(contractOperations.find((op) => op.operationId === id)?.security).toEqual([
          { vendorBearer: [] },
        ]);
      }
      for (const id of STAFF_OPERATIONS) {
        expect(contractOperations.find((op) => op.operationId === id)?.security).toEqual([
          { adminBearer: ['admins'] },
        ]);
      }
    });

    it.each(VENDOR_OPERATIONS)('%s: 401 without a token, 403 to staff and shopper tokens', async (id) => {
      expect((await send(id, null)).statusCode).toBe(401);
      for (const token of [admin, shopper.token]) {
        const response = await send(id, token);
        expect(response.statusCode, response.body).toBe(403);
        assertMatchesContract(id, response);
      }
    });

    it.each(STAFF_OPERATIONS)(
      '%s: 403 to a vendor, to a shopper and to staff without the admins permission',
      async (id) => {
        const vendor = await signedInVendor(t.app, t.db);
        for (const token of [vendor.token, shopper.token, productsOnly]) {
          const response = await send(id, token);
          expect(response.statusCode, response.body).toBe(403);
          assertMatchesContract(id, response);
        }
      },
    );

    it('answers 403 to a vendor token on staff and shopper operations', async () => {
      const vendor = await signedInVendor(t.app, t.db);
      expect((await call('GET', '/admin/pending-actions', vendor.token)).statusCode).toBe(403);
      expect((await call('GET', '/user/profile', vendor.token)).statusCode).toBe(403);
      expect((await call('GET', '/order', vendor.token)).statusCode).toBe(403);
    });

    it('refuses a token whose session, version or store does not hold', async () => {
      const vendor = await signedInVendor(t.app, t.db);
      const sid = JSON.parse(Buffer.from(vendor.token.split('.')[1] ?? '', 'base64url').toString()).sid;
      const forged = (claims: { sub?: string; sid?: string; tv?: number }) =>
        tokens.signVendor({
          sub: claims.sub ?? vendor.id,
          sid: claims.sid ?? sid,
          name: vendor.name,
          email: vendor.email,
          tv: claims.tv ?? 1,
        });
      expect((await call('GET', '/vendor/me', await forged({}))).statusCode).toBe(200);
      expect((await call('GET', '/vendor/me', await forged({ sid: randomUUID() }))).statusCode).toBe(401);
      expect((await call('GET', '/vendor/me', await forged({ tv: 2 }))).statusCode).toBe(401);
      expect((await call('GET', '/vendor/me', await forged({ sub: randomUUID() }))).statusCode).toBe(401);
      // Another vendor's session cannot be borrowed.
      const other = await signedInVendor(t.app, t.db);
      expect((await call('GET', '/vendor/me', await forged({ sub: other.id }))).statusCode).toBe(401);
      // A factory's id is not a vendor account.
      const [factory] = await t.db
        .insert(stores)
        .values({ name: 'F', email: newEmail(), kind: 'factory' })
        .returning();
      expect((await call('GET', '/vendor/me', await forged({ sub: factory?.id ?? '' }))).statusCode).toBe(
        401,
      );
    });
  });

  describe('POST /vendor/logout', () => {
    it('ends the session of the token sent, and only that one', async () => {
      const vendor = await createVendor(t.db);
      const first = await vendorToken(t.app, vendor);
      const second = await vendorToken(t.app, vendor);
      const response = await call('POST', '/vendor/logout', first);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('vendorLogout', response);
      expect((await call('GET', '/vendor/me', first)).statusCode).toBe(401);
      expect((await call('GET', '/vendor/me', second)).statusCode).toBe(200);
    });
  });

  describe('GET and PUT /vendor/me', () => {
    it("answers the vendor's own store", async () => {
      const vendor = await signedInVendor(t.app, t.db, { name: 'Chittagong Spice Co' });
      const response = await call('GET', '/vendor/me', vendor.token);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('getVendorProfile', response);
      expect(response.json().data).toMatchObject({
        _id: vendor.id,
        name: 'Chittagong Spice Co',
        status: 'active',
      });
    });

    it('saves the settings, clears blank fields and logs the change', async () => {
      const vendor = await signedInVendor(t.app, t.db);
      const email = newEmail();
      const saved = await call('PUT', '/vendor/me', vendor.token, {
        name: '  Rajshahi Mango Farm ',
        email: email.toUpperCase(),
        phone: '+8801711223344',
        address: 'Puthia, Rajshahi',
        description: 'Mangoes in season.',
        logoUrl: 'http://localhost:3000/media/uploads/5b0d6c1e-2f3a-4b5c-8d9e-0a1b2c3d4e5f.png',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      assertMatchesContract('updateVendorProfile', saved);
      expect(saved.json()).toMatchObject({
        message: 'Settings saved!',
        data: { name: 'Rajshahi Mango Farm', email, phone: '+8801711223344', address: 'Puthia, Rajshahi' },
      });
      // The storefront's store page shows the saved name and logo.
      const page = await call('GET', `/stores/${vendor.id}`, null);
      expect(page.json().data).toMatchObject({
        name: 'Rajshahi Mango Farm',
        logo: 'http://localhost:3000/media/uploads/5b0d6c1e-2f3a-4b5c-8d9e-0a1b2c3d4e5f.png',
      });
      const cleared = await call('PUT', '/vendor/me', vendor.token, {
        name: 'Rajshahi Mango Farm',
        email,
        phone: ' ',
        logoUrl: '',
      });
      expect(cleared.statusCode).toBe(200);
      const row = await storeRow(vendor.id);
      expect(row).toMatchObject({
        name: 'Rajshahi Mango Farm',
        email,
        phone: null,
        logoUrl: null,
        address: null,
      });
      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'vendor.settings.update'), eq(activityLog.actorId, vendor.id)))
        .orderBy(desc(activityLog.at));
      expect(entry).toMatchObject({ actorType: 'vendor', target: `store:${vendor.id}` });
    });

    it.each([
      ['a blank store name', { name: ' ' }, '/name', VENDOR_MESSAGES.name],
      ['a blank email', { email: '' }, '/email', VENDOR_MESSAGES.emailRequired],
      ['an invalid email', { email: 'mango.farm' }, '/email', VENDOR_MESSAGES.emailInvalid],
      ['an invalid phone', { phone: 'ring me' }, '/phone', VENDOR_MESSAGES.phone],
      [
        'a logo that is no web address',
        { logoUrl: 'javascript:alert(1)' },
        '/logoUrl',
        VENDOR_MESSAGES.logoUrl,
      ],
    ])('refuses %s with the field error and changes nothing', async (_label, change, path, message) => {
      const vendor = await signedInVendor(t.app, t.db, { name: 'Unchanged Store' });
      const response = await call('PUT', '/vendor/me', vendor.token, {
        name: 'Changed Store',
        email: newEmail(),
        ...change,
      });
      expect(response.statusCode).toBe(400);
      assertMatchesContract('updateVendorProfile', response);
      expect(response.json().errors).toContainEqual({ path, message });
      expect((await storeRow(vendor.id)).name).toBe('Unchanged Store');
    });

    it('refuses a body without the required fields with 400', async () => {
      const vendor = await signedInVendor(t.app, t.db);
      const response = await call('PUT', '/vendor/me', vendor.token, { name: 'Only a name' });
      expect(response.statusCode).toBe(400);
      assertMatchesContract('updateVendorProfile', response);
    });

    it("answers 409 for another store's email and keeps its own", async () => {
      const vendor = await signedInVendor(t.app, t.db);
      const other = await createVendor(t.db);
      const taken = await call('PUT', '/vendor/me', vendor.token, {
        name: 'Mine',
        email: other.email.toUpperCase(),
      });
      expect(taken.statusCode).toBe(409);
      assertMatchesContract('updateVendorProfile', taken);
      expect(taken.json().errors).toContainEqual({ path: '/email', message: STORE_EMAIL_TAKEN });
      expect((await storeRow(vendor.id)).email).toBe(vendor.email);
      const same = await call('PUT', '/vendor/me', vendor.token, { name: 'Mine', email: vendor.email });
      expect(same.statusCode).toBe(200);
    });
  });

  describe('POST /vendor/images', () => {
    it('stores a PNG or WebP through the media store and answers the address it is served at', async () => {
      const vendor = await signedInVendor(t.app, t.db, { name: 'Logo Maker' });
      for (const [bytes, ext] of [
        [PNG, 'png'],
        [WEBP, 'webp'],
      ] as const) {
        const response = await uploadImage(vendor.token, bytes, `logo.${ext}`, `image/${ext}`);
        expect(response.statusCode, response.body).toBe(201);
        assertMatchesContract('uploadVendorImage', response);
        const { url } = response.json().data;
        expect(url).toMatch(new RegExp(`^http://localhost:3000/media/uploads/[0-9a-f-]{36}\\.${ext}$`));
        const served = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(bytes)).toBe(true);
      }
    });

    it('refuses a GIF or a file that is not a picture with 415, a missing file with 400, a large one with 413', async () => {
      const vendor = await signedInVendor(t.app, t.db);
      for (const [bytes, name] of [
        [GIF, 'a.gif'],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.png'],
      ] as const) {
        const response = await uploadImage(vendor.token, bytes, name);
        expect(response.statusCode).toBe(415);
        assertMatchesContract('uploadVendorImage', response);
        expect(response.json().message).toBe(NOT_A_VENDOR_IMAGE);
      }
      const big = await uploadImage(vendor.token, Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]));
      expect(big.statusCode).toBe(413);
      assertMatchesContract('uploadVendorImage', big);
      const { payload, headers } = multipartForm({
        field: 'other',
        name: 'a.png',
        type: 'image/png',
        bytes: PNG,
      });
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/vendor/images',
        payload,
        headers: { ...headers, ...bearer(vendor.token) },
      });
      expect(missing.statusCode).toBe(400);
    });
  });

  describe('GET /vendor/dashboard', () => {
    let placed = 0;
    async function order(
      lines: { storeId: string | null; totalMinor: number }[],
      fields: Partial<typeof orders.$inferInsert> = {},
    ) {
      placed += 1;
      const total = lines.reduce((sum, line) => sum + line.totalMinor, 0);
      const [row] = await t.db
        .insert(orders)
        .values({
          orderNumber: `ORD-VEND-${placed}-${randomUUID().slice(0, 6)}`,
          customerName: `Shopper ${placed}`,
          customerEmail: 'shopper@example.org',
          status: 'Processing',
          currency: 'USD',
          itemsMinor: total,
          shippingMinor: 0,
          taxMinor: 0,
          totalMinor: total,
          isPaid: true,
          paymentMethod: 'Credit Card',
          shipAddress: 'House 7',
          shipCountry: 'BD',
          createdAt: new Date(Date.UTC(2026, 10, 1, 0, placed)),
          ...fields,
        })
        .returning();
      if (!row) throw new Error('order insert returned no row');
      await t.db.insert(orderItems).values(
        lines.map((line, position) => ({
          orderId: row.id,
          name: `Line ${position}`,
          quantity: 1,
          unitPriceMinor: line.totalMinor,
          lineTotalMinor: line.totalMinor,
          currency: row.currency,
          storeId: line.storeId,
          position,
        })),
      );
      return row;
    }

    it('shows zeros and no orders to a new vendor', async () => {
      const vendor = await signedInVendor(t.app, t.db, { name: 'Brand New Store' });
      const response = await call('GET', '/vendor/dashboard', vendor.token);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('getVendorDashboard', response);
      expect(response.json().data).toEqual({
        storeName: 'Brand New Store',
        orders: 0,
        revenue: 0,
        currency: 'USD',
        activeProducts: 0,
        recentOrders: [],
      });
    });

    it("counts only the vendor's own orders, lines and live products", async () => {
      const vendor = await signedInVendor(t.app, t.db, { name: 'Khulna Crafts' });
      const other = await createVendor(t.db);

      await insertVendorProduct(t.db, vendor.id);
      await insertVendorProduct(t.db, vendor.id);
      await insertVendorProduct(t.db, vendor.id, { fields: { approval: 'pending' } });
      await insertVendorProduct(t.db, vendor.id, { fields: { status: 'draft' } });
      await insertVendorProduct(t.db, other.id);

      // Paid in USD, with a line of another store beside the vendor's.
      const mixed = await order([
        { storeId: vendor.id, totalMinor: 2500 },
        { storeId: other.id, totalMinor: 9900 },
      ]);
      // Paid in BDT at 120 per dollar: 12,000.00 BDT is 100.00 USD.
      const inTaka = await order([{ storeId: vendor.id, totalMinor: 1_200_000 }], {
        currency: 'BDT',
        rate: '120',
        customerName: 'Farhana Akter',
      });
      // Not paid yet: an order, but no revenue.
      const unpaid = await order([{ storeId: vendor.id, totalMinor: 700 }], {
        isPaid: false,
        status: 'Placed',
      });
      // Cancelled and failed orders count for nothing.
      await order([{ storeId: vendor.id, totalMinor: 5000 }], { status: 'Cancelled' });
      await order([{ storeId: vendor.id, totalMinor: 5000 }], { status: 'Failed' });
      // Another vendor's order.
      await order([{ storeId: other.id, totalMinor: 3000 }]);

      const response = await call('GET', '/vendor/dashboard', vendor.token);
      expect(response.statusCode).toBe(200);
      assertMatchesContract('getVendorDashboard', response);
      const { data } = response.json();
      expect(data).toMatchObject({ storeName: 'Khulna Crafts', orders: 3, revenue: 125, activeProducts: 2 });
      expect(data.recentOrders).toEqual([
        {
          _id: unpaid.id,
          orderNumber: unpaid.orderNumber,
          customer: unpaid.customerName,
          date: unpaid.createdAt.toISOString(),
          amount: 7,
          currency: 'USD',
          status: 'Placed',
        },
        expect.objectContaining({
          _id: inTaka.id,
          customer: 'Farhana Akter',
          amount: 12000,
          currency: 'BDT',
        }),
        expect.objectContaining({ _id: mixed.id, amount: 25, currency: 'USD', status: 'Processing' }),
      ]);
    });

    it('lists the latest five orders, newest first', async () => {
      const vendor = await signedInVendor(t.app, t.db);
      const made = [];
      for (let i = 0; i < 7; i++) made.push(await order([{ storeId: vendor.id, totalMinor: 100 * (i + 1) }]));
      const { data } = (await call('GET', '/vendor/dashboard', vendor.token)).json();
      expect(data.orders).toBe(7);
      expect(data.recentOrders.map((o: { _id: string }) => o._id)).toEqual(
        made
          .slice(2)
          .reverse()
          .map((o) => o.id),
      );
    });
  });

  describe('Vendor Applications (staff)', () => {
    async function pendingApplication(name = 'Pending Shop') {
      const response = await apply(application({ storeName: name }));
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { _id: string; email: string; name: string };
    }

    const decide = (id: string, what: 'approve' | 'reject' | 'suspend' | 'reactivate', payload?: object) =>
      call('POST', `/vendor-applications/${id}/${what}`, admin, payload);

    it('lists vendor stores only, newest first, with counts per status, a status filter and search', async () => {
      const marker = `Zq${Date.now()}`;
      const a = await pendingApplication(`${marker} Alpha`);
      const b = await pendingApplication(`${marker} Beta`);
      await t.db.insert(stores).values({ name: `${marker} Factory`, email: newEmail(), kind: 'factory' });
      expect((await decide(b._id, 'approve')).statusCode).toBe(200);

      const all = await call('GET', `/vendor-applications?q=${marker}`, admin);
      expect(all.statusCode).toBe(200);
      assertMatchesContract('listVendorApplications', all);
      const body = all.json();
      expect(body.data.map((row: { _id: string }) => row._id)).toEqual([b._id, a._id]);
      expect(body.meta).toEqual({ page: 1, limit: 20, total: 2 });
      const counts = await t.db
        .select({ status: stores.status })
        .from(stores)
        .where(eq(stores.kind, 'vendor'));
      for (const status of ['pending', 'active', 'rejected', 'suspended'] as const) {
        expect(body.counts[status]).toBe(counts.filter((row) => row.status === status).length);
      }

      const pending = await call(
        'GET',
        `/vendor-applications?status=pending&q=${marker.toLowerCase()}`,
        admin,
      );
      expect(pending.json().data.map((row: { _id: string }) => row._id)).toEqual([a._id]);
      const byEmail = await call('GET', `/vendor-applications?q=${encodeURIComponent(a.email)}`, admin);
      expect(byEmail.json().data.map((row: { _id: string }) => row._id)).toEqual([a._id]);
      const paged = await call('GET', `/vendor-applications?q=${marker}&page=2&limit=1`, admin);
      expect(paged.json()).toMatchObject({ data: [{ _id: a._id }], meta: { page: 2, limit: 1, total: 2 } });
    });

    it('refuses an unknown status filter with 400', async () => {
      const response = await call('GET', '/vendor-applications?status=approved', admin);
      expect(response.statusCode).toBe(400);
      assertMatchesContract('listVendorApplications', response);
    });

    it('approves a pending application: the store signs in, the applicant is told, the log records it', async () => {
      const applied = await pendingApplication('Barisal Boats');
      const response = await decide(applied._id, 'approve');
      expect(response.statusCode, response.body).toBe(200);
      assertMatchesContract('approveVendorApplication', response);
      expect(response.json().data).toMatchObject({ status: 'active', reviewNote: null });
      expect((await storeRow(applied._id)).reviewedAt).toBeInstanceOf(Date);
      expect((await login(applied.email, 'leather-42')).statusCode).toBe(200);
      const [mail] = await messagesTo(applied.email);
      expect(mail).toMatchObject({ kind: 'vendor.application.approved' });
      // The vendor panel's sign-in, at VENDOR_URL (the default in tests).
      expect(mail?.body).toContain('Sign in here: http://localhost:5175/login');
      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'vendor.approve'), eq(activityLog.target, `store:${applied._id}`)));
      expect(entry).toMatchObject({
        actorType: 'admin',
        details: { before: { status: 'pending' }, after: { status: 'active' } },
      });

      const again = await decide(applied._id, 'approve');
      expect(again.statusCode).toBe(409);
      assertMatchesContract('approveVendorApplication', again);
    });

    it('rejects a pending application with the reason, which the applicant reads at sign-in and by email', async () => {
      const applied = await pendingApplication('Comilla Sweets');
      const blank = await decide(applied._id, 'reject', { reason: '   ' });
      expect(blank.statusCode).toBe(400);
      assertMatchesContract('rejectVendorApplication', blank);
      expect(blank.json().errors).toEqual([{ path: '/reason', message: REASON_REQUIRED }]);
      expect((await decide(applied._id, 'reject', {})).statusCode).toBe(400);
      expect((await storeRow(applied._id)).status).toBe('pending');

      const response = await decide(applied._id, 'reject', { reason: 'We could not verify the address.' });
      expect(response.statusCode).toBe(200);
      assertMatchesContract('rejectVendorApplication', response);
      expect(response.json().data).toMatchObject({
        status: 'rejected',
        reviewNote: 'We could not verify the address.',
      });
      const signIn = await login(applied.email, 'leather-42');
      expect(signIn.statusCode).toBe(403);
      expect(signIn.json().message).toBe(
        'Your application was not approved: We could not verify the address.',
      );
      const [mail] = await messagesTo(applied.email);
      expect(mail?.kind).toBe('vendor.application.rejected');
      expect(mail?.body).toContain('We could not verify the address.');

      expect((await decide(applied._id, 'reject', { reason: 'Twice.' })).statusCode).toBe(409);
      // A rejected application may be approved after all; the old reason goes.
      const approved = await decide(applied._id, 'approve');
      expect(approved.statusCode).toBe(200);
      expect(approved.json().data).toMatchObject({ status: 'active', reviewNote: null });
    });

    it('answers 409 to decisions that do not apply to the status, changing nothing', async () => {
      const applied = await pendingApplication();
      for (const what of ['suspend', 'reactivate'] as const) {
        const response = await decide(applied._id, what);
        expect(response.statusCode).toBe(409);
        assertMatchesContract(what === 'suspend' ? 'suspendVendor' : 'reactivateVendor', response);
      }
      const active = await createVendor(t.db);
      expect((await decide(active.id, 'reject', { reason: 'Late.' })).statusCode).toBe(409);
      expect((await decide(active.id, 'reactivate')).statusCode).toBe(409);
      expect((await storeRow(applied._id)).status).toBe('pending');
      expect((await storeRow(active.id)).status).toBe('active');
    });

    it('answers 404 for an unknown id and for a store that is not a vendor', async () => {
      const [factory] = await t.db
        .insert(stores)
        .values({ name: 'Factory', email: newEmail(), kind: 'factory', status: 'active' })
        .returning();
      for (const id of [randomUUID(), factory?.id ?? '']) {
        for (const what of ['approve', 'suspend'] as const) {
          const response = await decide(id, what);
          expect(response.statusCode).toBe(404);
          assertMatchesContract(what === 'approve' ? 'approveVendorApplication' : 'suspendVendor', response);
        }
        expect((await decide(id, 'reject', { reason: 'x' })).statusCode).toBe(404);
        expect((await decide(id, 'reactivate')).statusCode).toBe(404);
      }
      expect((await call('POST', '/vendor-applications/not-a-uuid/approve', admin)).statusCode).toBe(400);
    });

    it("suspending ends the vendor's tokens and sign-ins and takes its products off the storefront", async () => {
      const vendor = await signedInVendor(t.app, t.db, { name: 'Bogura Yoghurt' });
      const product = await insertVendorProduct(t.db, vendor.id, {
        title: 'Bogura Doi 500g',
        priceMinor: 450,
        stock: 10,
      });
      const shown = async () => {
        const list = await call('GET', `/product/?store=${vendor.id}&currency=USD`, null);
        expect(list.statusCode, list.body).toBe(200);
        const page = await call('GET', `/product/${product.id}?currency=USD`, null);
        return { inList: list.json().meta.total, page: page.statusCode };
      };
      expect(await shown()).toEqual({ inList: 1, page: 200 });

      const response = await decide(vendor.id, 'suspend');
      expect(response.statusCode).toBe(200);
      assertMatchesContract('suspendVendor', response);
      expect(response.json().data.status).toBe('suspended');
      const row = await storeRow(vendor.id);
      expect(row.tokenVersion).toBe(2);
      const live = await t.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.accountId, vendor.id), eq(sessions.actorType, 'vendor')));
      expect(live.every((session) => session.revokedAt !== null)).toBe(true);

      const me = await call('GET', '/vendor/me', vendor.token);
      expect(me.statusCode).toBe(403);
      expect(me.json().message).toBe(STORE_SUSPENDED);
      const signIn = await login(vendor.email, vendor.password);
      expect(signIn.statusCode).toBe(403);
      expect(signIn.json().message).toBe(STORE_SUSPENDED);
      expect(await shown()).toEqual({ inList: 0, page: 404 });
      expect((await messagesTo(vendor.email))[0]?.kind).toBe('vendor.suspended');

      const back = await decide(vendor.id, 'reactivate');
      expect(back.statusCode).toBe(200);
      assertMatchesContract('reactivateVendor', back);
      expect(back.json().data.status).toBe('active');
      expect(await shown()).toEqual({ inList: 1, page: 200 });
      expect((await messagesTo(vendor.email))[0]?.kind).toBe('vendor.reactivated');
      // The token from before the suspension stays ended; signing in again works.
      expect((await call('GET', '/vendor/me', vendor.token)).statusCode).toBe(401);
      const fresh = await vendorToken(t.app, vendor);
      expect((await call('GET', '/vendor/me', fresh)).statusCode).toBe(200);
      const actions = await t.db
        .select({ action: activityLog.action })
        .from(activityLog)
        .where(eq(activityLog.target, `store:${vendor.id}`));
      expect(actions.map((entry) => entry.action)).toEqual(
        expect.arrayContaining(['vendor.suspend', 'vendor.reactivate']),
      );
    });
  });
});
