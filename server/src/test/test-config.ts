import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AppConfig,
  DEFAULT_ADMIN_URL,
  DEFAULT_CORS_ORIGINS,
  DEFAULT_MAIL_FROM,
  DEFAULT_STORE_URL,
  DEFAULT_TOKEN_TTL_SECONDS,
  DEFAULT_VENDOR_URL,
} from '../config.ts';

/** Names the folder a test run's data folders are made in (set by the global setup for its workers). */
export const TEST_DATA_ROOT = 'SHOP_TEST_DATA_ROOT';

export const TEST_PUBLIC_URL = 'http://localhost:3000';
export const TEST_TOKEN_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** A configuration for tests: fixed secret, fixture marketplace, a throwaway data folder. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    // Inside the run's folder (global-setup.ts), which goes when the run ends, whoever built the app on it.
    dataDir: mkdtempSync(join(process.env[TEST_DATA_ROOT] ?? tmpdir(), 'shop-server-data-')),
    databaseUrl: null,
    tokenSecret: TEST_TOKEN_SECRET,
    tokenTtlSeconds: { ...DEFAULT_TOKEN_TTL_SECONDS },
    corsOrigins: [...DEFAULT_CORS_ORIGINS],
    publicUrl: TEST_PUBLIC_URL,
    adminUrl: DEFAULT_ADMIN_URL,
    storeUrl: DEFAULT_STORE_URL,
    vendorUrl: DEFAULT_VENDOR_URL,
    marketplace: { provider: 'fixture', aliexpress: {} },
    seedDemo: false,
    logLevel: 'silent',
    trustProxy: false,
    mail: { smtpUrl: null, from: DEFAULT_MAIL_FROM },
    dataEncryptionKey: null,
    oauth: {},
    redisUrl: null,
    currencyRatesUrl: null,
    s3: null,
    backgroundJobs: false,
    // Local stand-ins (the courier's, the rates provider's) listen on 127.0.0.1, an address the guard refuses.
    outboundAllowHosts: [{ host: '127.0.0.1', port: null }],
    // Tests change accounts behind the API's back and expect the next request to know; the cache has its own tests.
    signInCacheMs: 0,
    payments: {
      sslcommerz: null,
      bkash: null,
      paypal: null,
      stripe: null,
      razorpay: null,
      pendingMinutes: 60,
    },
    cartRecoveryDelayMinutes: 60,
    ...overrides,
  };
}
