import { rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { generate, generateSecret } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { type AppConfig, DEFAULT_TOKEN_TTL_SECONDS } from '../config.ts';
import { admins, storeSettings } from '../db/schema.ts';
import { createSecretBox } from '../lib/secret-box.ts';
import { bearer, createStaff, loginStaff } from '../test/sessions.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { TEST_TOKEN_SECRET, testConfig } from '../test/test-config.ts';
import { createTokenService, type StaffClaims } from './tokens.ts';

const NEW_TOKEN_SECRET = 'the-token-secret-after-rotation-0123456789';
const OLD_DATA_KEY = 'the-data-key-before-rotation-0123456789abc';
const NEW_DATA_KEY = 'the-data-key-after-rotation-0123456789abcd';
// Each test starts the API twice; a start is seconds of CPU, many more on a busy machine.
const STARTS_TIMEOUT_MS = 120_000;

/** Instances of the API started one after another on one database, as an operator restarts it with new settings. */
describe('rotating TOKEN_SECRET and DATA_ENCRYPTION_KEY', () => {
  let database: TestDatabase;
  const running: { app: FastifyInstance; dataDir: string }[] = [];

  async function start(overrides: Partial<AppConfig>, logLines: string[] = []): Promise<FastifyInstance> {
    const config = testConfig(overrides);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({ config, db: database.handle, logger: { level: 'info', stream } });
    await app.ready();
    running.push({ app, dataDir: config.dataDir });
    return app;
  }

  async function stopAll() {
    for (const { app, dataDir } of running.splice(0)) {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(stopAll);
  afterAll(async () => {
    vi.useRealTimers();
    await database.drop();
  });

  const me = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(token) });

  it(
    'accepts a token signed with the previous secret, signs new ones with the current one and refuses others',
    async () => {
      const staff = { email: 'rotation.tokens@example.com', password: 'Rotation-pass-42' };
      await createStaff(database.handle.db, staff);
      const [rotated, dropped] = await Promise.all([
        start({ tokenSecret: NEW_TOKEN_SECRET, tokenSecretPrevious: [TEST_TOKEN_SECRET] }),
        // The same server once the previous secret is removed.
        start({ tokenSecret: NEW_TOKEN_SECRET }),
      ]);
      const newToken = await loginStaff(rotated, staff.email, staff.password);
      const signedWith = (secret: string) =>
        createTokenService({ secret, ttlSeconds: DEFAULT_TOKEN_TTL_SECONDS }).signStaff(
          decodeJwt(newToken) as unknown as StaffClaims,
        );
      await expect(
        createTokenService({ secret: NEW_TOKEN_SECRET, ttlSeconds: DEFAULT_TOKEN_TTL_SECONDS }).verify(
          newToken,
        ),
      ).resolves.toMatchObject({ audience: 'staff' });

      // The claims of a live session, as the server signed them before TOKEN_SECRET changed.
      const oldToken = await signedWith(TEST_TOKEN_SECRET);
      expect((await me(rotated, oldToken)).statusCode).toBe(200);
      expect((await me(rotated, newToken)).statusCode).toBe(200);

      // The same claims signed with a secret the server was never given.
      const refused = await me(rotated, await signedWith('a-secret-this-server-never-knew-0123456789'));
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ success: false, code: expect.any(String) });

      // Once the previous secret is removed, its tokens end.
      expect((await me(dropped, oldToken)).statusCode).toBe(401);
      expect((await me(dropped, newToken)).statusCode).toBe(200);
    },
    STARTS_TIMEOUT_MS,
  );

  it(
    're-seals a two-factor secret sealed with the previous data key at start, and it still verifies a code',
    async () => {
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      const staff = { email: 'rotation.2fa@example.com', password: 'Rotation-pass-43' };
      const secret = generateSecret();
      const oldBox = createSecretBox(OLD_DATA_KEY);
      const newBox = createSecretBox(NEW_DATA_KEY);
      const row = await createStaff(database.handle.db, staff);
      const sealedBefore = oldBox.seal(secret);
      await database.handle.db
        .update(admins)
        .set({ twoFactorEnabled: true, twoFactorSecret: sealedBefore })
        .where(eq(admins.id, row.id));
      await database.handle.db
        .update(storeSettings)
        .set({ courierApiKeySealed: oldBox.seal('courier-api-key') })
        .where(eq(storeSettings.id, 1));

      const lines: string[] = [];
      await start({ dataEncryptionKey: NEW_DATA_KEY, dataEncryptionKeyPrevious: [OLD_DATA_KEY] }, lines);
      const [after] = await database.handle.db.select().from(admins).where(eq(admins.id, row.id));
      const sealedAfter = after?.twoFactorSecret ?? '';
      expect(sealedAfter).not.toBe(sealedBefore);
      expect(newBox.open(sealedAfter)).toBe(secret);
      expect(oldBox.open(sealedAfter)).toBeNull();
      const [settings] = await database.handle.db.select().from(storeSettings).where(eq(storeSettings.id, 1));
      expect(newBox.open(settings?.courierApiKeySealed ?? '')).toBe('courier-api-key');
      const logged = lines
        .map((line) => JSON.parse(line) as { resealed?: number })
        .find((l) => 'resealed' in l);
      expect(logged?.resealed).toBe(2);
      await stopAll();

      // The previous key is no longer needed: a start without it signs in with a code. A value sealed with a key
      // nobody configured is reported at that start, which still goes on.
      await database.handle.db
        .update(storeSettings)
        .set({ courierApiKeySealed: createSecretBox('a-key-nobody-configured-0123456789abcdef').seal('x') })
        .where(eq(storeSettings.id, 1));
      const withoutPrevious: string[] = [];
      const app = await start({ dataEncryptionKey: NEW_DATA_KEY }, withoutPrevious);
      const warning = withoutPrevious
        .map((line) => JSON.parse(line) as { unreadable?: number; level: number })
        .find((entry) => 'unreadable' in entry);
      expect(warning).toMatchObject({ unreadable: 1, level: 40 });
      const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: staff });
      expect(login.statusCode, login.body).toBe(200);
      const { challenge } = login.json<{ data: { challenge: string } }>().data;
      // A code is accepted once per step: take the next one, as the security tests do.
      vi.setSystemTime(Date.now() + 30_000);
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/admin/login/2fa',
        payload: { challenge, code: '000000' },
      });
      expect(wrong.statusCode).toBe(401);
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/admin/login/2fa',
        payload: { challenge, code: await generate({ secret }) },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
    },
    STARTS_TIMEOUT_MS,
  );
});
