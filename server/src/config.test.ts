import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CORS_ORIGINS, loadConfig } from './config.ts';

describe('loadConfig', () => {
  const folders: string[] = [];
  const cwd = () => {
    const folder = mkdtempSync(join(tmpdir(), 'shop-config-'));
    folders.push(folder);
    return folder;
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('fills in local defaults', () => {
    const root = cwd();
    const config = loadConfig({}, root);
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: join(root, '.data'),
      databaseUrl: null,
      tokenTtlSeconds: { staff: 8 * 3600, customer: 7 * 24 * 3600 },
      publicUrl: 'http://localhost:3000',
      adminUrl: 'http://localhost:5173',
      storeUrl: 'http://localhost:5174',
      vendorUrl: 'http://localhost:5175',
      marketplace: { provider: 'fixture' },
      seedDemo: true,
      logLevel: 'info',
      trustProxy: false,
      mail: { smtpUrl: null, from: 'Shop <no-reply@localhost>' },
      dataEncryptionKey: null,
    });
    expect(config.corsOrigins).toEqual(DEFAULT_CORS_ORIGINS);
    expect(config.corsOrigins).toEqual(
      expect.arrayContaining(['http://localhost:5173', 'http://localhost:5174', 'http://127.0.0.1:5175']),
    );
  });

  it('generates a token secret once, keeps it private and reuses it', () => {
    const root = cwd();
    const first = loadConfig({}, root);
    const file = join(root, '.data', 'token-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.tokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({}, root).tokenSecret).toBe(first.tokenSecret);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.tokenSecret);
  });

  it('takes values from the environment', () => {
    const root = cwd();
    const config = loadConfig(
      {
        PORT: '8080',
        DATA_DIR: 'var/shop',
        DATABASE_URL: 'postgres://shop@db:5432/shop',
        TOKEN_SECRET: 'x'.repeat(40),
        TOKEN_TTL_SECONDS: '600',
        CORS_ORIGINS: 'https://admin.shop.example/, https://shop.example',
        PUBLIC_URL: 'https://api.shop.example/',
        ADMIN_URL: 'https://admin.shop.example/',
        STORE_URL: 'https://shop.example/',
        VENDOR_URL: 'https://sell.shop.example/',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        SMTP_URL: 'smtps://mailer:secret@smtp.shop.example:465',
        MAIL_FROM: 'Shop Example <hello@shop.example>',
        DATA_ENCRYPTION_KEY: 'k'.repeat(40),
      },
      root,
    );
    expect(config).toMatchObject({
      port: 8080,
      dataDir: join(root, 'var/shop'),
      databaseUrl: 'postgres://shop@db:5432/shop',
      tokenSecret: 'x'.repeat(40),
      tokenTtlSeconds: { staff: 600, customer: 600, vendor: 600 },
      corsOrigins: ['https://admin.shop.example', 'https://shop.example'],
      publicUrl: 'https://api.shop.example',
      adminUrl: 'https://admin.shop.example',
      storeUrl: 'https://shop.example',
      vendorUrl: 'https://sell.shop.example',
      seedDemo: false,
      logLevel: 'warn',
      mail: {
        smtpUrl: 'smtps://mailer:secret@smtp.shop.example:465',
        from: 'Shop Example <hello@shop.example>',
      },
      dataEncryptionKey: 'k'.repeat(40),
    });
  });

  it('reads which proxies to trust for the client address', () => {
    const root = cwd();
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }, root).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1,::1, fd00::/8')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', 'fd00::/129', 'example.com', '10.0.0.1,', '0']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('fails with every problem named at once', () => {
    const root = cwd();
    let error: unknown;
    try {
      loadConfig(
        {
          PORT: 'eighty',
          DATABASE_URL: 'mysql://nope',
          TOKEN_SECRET: 'short',
          MARKETPLACE_PROVIDER: 'aliexpress',
          SEED_DEMO: 'maybe',
          LOG_LEVEL: 'loud',
          CORS_ORIGINS: 'not a url',
          STORE_URL: 'shop.example',
          SMTP_URL: 'http://mail.example',
          DATA_ENCRYPTION_KEY: 'short',
        },
        root,
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'TOKEN_SECRET',
      'AE_APP_KEY',
      'AE_APP_SECRET',
      'AE_ACCESS_TOKEN',
      'SEED_DEMO',
      'LOG_LEVEL',
      'CORS_ORIGINS',
      'STORE_URL',
      'SMTP_URL',
      'DATA_ENCRYPTION_KEY',
    ]) {
      expect(message).toContain(name);
    }
  });

  it('in production asks for a token secret and loads no demo accounts unless told to', () => {
    const root = cwd();
    for (const env of [{ NODE_ENV: 'production' }, { DATABASE_URL: 'postgres://shop@db:5432/shop' }]) {
      expect(() => loadConfig(env, root)).toThrow(/TOKEN_SECRET is required in production/);
      const secret = { ...env, TOKEN_SECRET: 's'.repeat(40) };
      expect(loadConfig(secret, root).seedDemo).toBe(false);
      expect(loadConfig({ ...secret, SEED_DEMO: 'true' }, root).seedDemo).toBe(true);
    }
    // Nothing is written: no secret file is invented for a production server.
    expect(existsSync(join(root, '.data', 'token-secret'))).toBe(false);
  });

  it('reads the hosts outbound requests may reach although internal, none by default', () => {
    const root = cwd();
    expect(loadConfig({}, root).outboundAllowHosts).toEqual([]);
    const env = { OUTBOUND_ALLOW_HOSTS: 'courier.internal:8080, 10.0.0.5,10.1.0.0/16' };
    expect(loadConfig(env, root).outboundAllowHosts).toEqual([
      { host: 'courier.internal', port: 8080 },
      { host: '10.0.0.5', port: null },
      { host: '10.1.0.0/16', port: null },
    ]);
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: 'http://courier.internal' }, root)).toThrow(
      /OUTBOUND_ALLOW_HOSTS entries must be host\[:port\], an address or a range, not "http:\/\/courier.internal"/,
    );
  });

  it('reads previous token secrets and data keys for rotation, each as long as a current one must be', () => {
    const root = cwd();
    expect(loadConfig({}, root)).toMatchObject({ tokenSecretPrevious: [], dataEncryptionKeyPrevious: [] });
    const current = 'c'.repeat(40);
    const config = loadConfig(
      {
        TOKEN_SECRET: current,
        // The current secret listed again by mistake is dropped; spaces around commas are not part of a secret.
        TOKEN_SECRET_PREVIOUS: `${'a'.repeat(40)} , ${'b'.repeat(40)},${current}`,
        DATA_ENCRYPTION_KEY: 'k'.repeat(40),
        DATA_ENCRYPTION_KEY_PREVIOUS: 'j'.repeat(40),
      },
      root,
    );
    expect(config.tokenSecretPrevious).toEqual(['a'.repeat(40), 'b'.repeat(40)]);
    expect(config.dataEncryptionKeyPrevious).toEqual(['j'.repeat(40)]);

    const refused = () =>
      loadConfig(
        { TOKEN_SECRET_PREVIOUS: `${'a'.repeat(40)},short`, DATA_ENCRYPTION_KEY_PREVIOUS: 'x'.repeat(31) },
        root,
      );
    expect(refused).toThrow(/TOKEN_SECRET_PREVIOUS must be secrets of at least 32 characters each/);
    expect(refused).toThrow(/DATA_ENCRYPTION_KEY_PREVIOUS must be secrets of at least 32 characters each/);
  });

  it('refuses a stored secret that is too short', () => {
    const root = cwd();
    loadConfig({}, root);
    writeFileSync(join(root, '.data', 'token-secret'), 'tiny\n');
    expect(() => loadConfig({}, root)).toThrow(ConfigError);
  });

  it('accepts the aliexpress provider with its keys', () => {
    const config = loadConfig(
      {
        MARKETPLACE_PROVIDER: 'aliexpress',
        AE_APP_KEY: 'key',
        AE_APP_SECRET: 'secret',
        AE_ACCESS_TOKEN: 'token',
        AE_API_URL: 'http://127.0.0.1:9999/sync',
        TOKEN_SECRET: 'y'.repeat(32),
      },
      cwd(),
    );
    expect(config.marketplace).toEqual({
      provider: 'aliexpress',
      aliexpress: {
        appKey: 'key',
        appSecret: 'secret',
        accessToken: 'token',
        apiUrl: 'http://127.0.0.1:9999/sync',
      },
    });
  });

  it('switches a payment provider on with all its settings, and refuses some without the rest', () => {
    const root = cwd();
    expect(loadConfig({}, root).payments).toEqual({
      sslcommerz: null,
      bkash: null,
      paypal: null,
      stripe: null,
      razorpay: null,
      pendingMinutes: 60,
    });
    const on = loadConfig(
      {
        SSLCOMMERZ_STORE_ID: 'shop01',
        SSLCOMMERZ_STORE_PASSWORD: 'shop01@ssl',
        SSLCOMMERZ_MODE: 'live',
        PAYPAL_CLIENT_ID: 'client',
        PAYPAL_CLIENT_SECRET: 'secret',
        PAYPAL_API_URL: 'http://127.0.0.1:5196/',
        PAYMENT_PENDING_MINUTES: '30',
      },
      root,
    ).payments;
    expect(on.sslcommerz).toEqual({
      storeId: 'shop01',
      storePassword: 'shop01@ssl',
      baseUrl: 'https://securepay.sslcommerz.com',
    });
    expect(on.paypal).toEqual({
      clientId: 'client',
      clientSecret: 'secret',
      webhookId: null,
      baseUrl: 'http://127.0.0.1:5196',
    });
    expect(on.pendingMinutes).toBe(30);
    expect(() => loadConfig({ BKASH_USERNAME: 'user', BKASH_PASSWORD: 'pass' }, root)).toThrow(
      /BKASH_APP_KEY, BKASH_APP_SECRET must be set too/,
    );
    expect(() =>
      loadConfig(
        { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_MODE: 'prod' },
        root,
      ),
    ).toThrow(/STRIPE_MODE must be sandbox or live/);
    expect(() => loadConfig({ PAYMENT_PENDING_MINUTES: '1' }, root)).toThrow(/PAYMENT_PENDING_MINUTES/);
  });
});
