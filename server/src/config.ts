import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { type PaymentSettings, parsePayments } from './config/payments.ts';
import { type AllowedHost, parseAllowedHosts } from './http/outbound.ts';
import { SIGN_IN_CACHE_MS } from './http/short-cache.ts';
import { isHttpUrl } from './lib/sanitize.ts';
import type { S3Settings } from './modules/media/index.ts';

export type MarketplaceProvider = 'fixture' | 'aliexpress';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type Audience = 'staff' | 'customer' | 'vendor';

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute folder for the embedded database, the token secret and uploads. */
  dataDir: string;
  /** A PostgreSQL connection string; null means the embedded PGlite in `dataDir/pglite`. */
  databaseUrl: string | null;
  tokenSecret: string;
  /** Earlier token secrets (TOKEN_SECRET_PREVIOUS): tokens they signed are still accepted until they expire. */
  tokenSecretPrevious?: string[];
  tokenTtlSeconds: Record<Audience, number>;
  corsOrigins: string[];
  /** Origin this server is reached at, without a trailing slash (media addresses are built on it). */
  publicUrl: string;
  /** Origin of the back office, without a trailing slash (links in messages to staff are built on it). */
  adminUrl: string;
  /** Origin of the storefront, without a trailing slash (links in messages to shoppers are built on it). */
  storeUrl: string;
  /** Origin of the vendor panel, without a trailing slash (links in messages to vendors are built on it). */
  vendorUrl: string;
  marketplace: {
    provider: MarketplaceProvider;
    aliexpress: {
      appKey?: string;
      appSecret?: string;
      accessToken?: string;
      apiUrl?: string;
      /** When the access token ends (ISO date), shown on the AliExpress Integration screen. */
      accessTokenExpiresAt?: string;
    };
  };
  seedDemo: boolean;
  logLevel: LogLevel;
  /**
   * Which proxies in front of the API to believe about the client's address (X-Forwarded-For): none (false), all
   * (true), the nearest N, or these addresses/ranges. The login throttle and the activity log key on that address.
   */
  trustProxy: boolean | number | string[];
  /** Outbox delivery: an `smtp://` or `smtps://` address, or null to keep messages in the outbox only. */
  mail: { smtpUrl: string | null; from: string };
  /** Key material for data encrypted at rest (two-factor secrets); derived from the token secret when not set. */
  dataEncryptionKey: string | null;
  /** Earlier data keys (DATA_ENCRYPTION_KEY_PREVIOUS): what they sealed is opened, and re-sealed at start. */
  dataEncryptionKeyPrevious?: string[];
  /** Outside sign-in providers with their OpenID Connect client; a provider not configured is not offered. */
  oauth: Partial<Record<OAuthProviderId, OAuthClientConfig>>;
  /** Redis for what several instances must share (the sign-in throttle); null keeps it in the database. */
  redisUrl: string | null;
  /** S3-compatible object storage for uploaded media; null keeps uploads in `dataDir/uploads`. */
  s3: S3Settings | null;
  /** The currency rates provider of auto conversion mode; null keeps the stored rates (the offline default). */
  currencyRatesUrl: string | null;
  /** The PostgreSQL-backed job queue (scheduled supplier tracking, clean-up); off only where a test drives it. */
  backgroundJobs: boolean;
  /** Hosts, addresses or ranges outbound requests may reach although internal (an internal courier adapter). */
  outboundAllowHosts: AllowedHost[];
  /** How long an idempotent request holds its key before another attempt may take over (tests shorten it). */
  idempotencyLeaseMs?: number;
  /** How long a sign-in found good is reused (0: checked against the database on every request). */
  signInCacheMs: number;
  /** Payment providers whose page the shopper pays on; one not configured is not offered. */
  payments: PaymentSettings;
  /** How long a signed-in shopper's cart waits untouched before its first reminder (CART_RECOVERY_DELAY_MINUTES). */
  cartRecoveryDelayMinutes: number;
}

export type { PaymentSettings };

export const OAUTH_PROVIDERS = {
  google: { name: 'Google', issuer: 'https://accounts.google.com' },
  facebook: { name: 'Facebook', issuer: 'https://www.facebook.com' },
  apple: { name: 'Apple', issuer: 'https://appleid.apple.com' },
} as const;

export type OAuthProviderId = keyof typeof OAUTH_PROVIDERS;

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** The provider's issuer; its discovery document is read from there (overridable for a local stand-in). */
  issuer: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const APP_PORTS = [5173, 5174, 5175];
export const DEFAULT_CORS_ORIGINS = APP_PORTS.flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);
export const DEFAULT_ADMIN_URL = 'http://localhost:5173';
export const DEFAULT_STORE_URL = 'http://localhost:5174';
export const DEFAULT_VENDOR_URL = 'http://localhost:5175';
export const DEFAULT_MAIL_FROM = 'Shop <no-reply@localhost>';
export const DEFAULT_TOKEN_TTL_SECONDS: Record<Audience, number> = {
  staff: 8 * 60 * 60,
  customer: 7 * 24 * 60 * 60,
  vendor: 7 * 24 * 60 * 60,
};
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MIN_SECRET_LENGTH = 32;

type Env = Record<string, string | undefined>;

/**
 * Reads the environment, fills in local defaults and fails with every problem at once.
 * Without TOKEN_SECRET a secret is generated on first start and kept in DATA_DIR/token-secret,
 * so tokens survive restarts without anyone having to invent one.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  const port = parseInteger(read('PORT') ?? '3000', 'PORT', 0, 65535, problems);
  const host = read('HOST') ?? '0.0.0.0';
  const dataDir = resolve(cwd, read('DATA_DIR') ?? '.data');

  const databaseUrl = read('DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }

  const ttlText = read('TOKEN_TTL_SECONDS');
  const ttl =
    ttlText === undefined ? null : parseInteger(ttlText, 'TOKEN_TTL_SECONDS', 60, 31_536_000, problems);
  const tokenTtlSeconds =
    ttl === null ? { ...DEFAULT_TOKEN_TTL_SECONDS } : { staff: ttl, customer: ttl, vendor: ttl };

  const corsOrigins = parseOrigins(read('CORS_ORIGINS'), problems);
  const publicUrl = parseBaseUrl(
    read('PUBLIC_URL') ?? `http://localhost:${port ?? 3000}`,
    'PUBLIC_URL',
    problems,
  );
  const adminUrl = parseBaseUrl(read('ADMIN_URL') ?? DEFAULT_ADMIN_URL, 'ADMIN_URL', problems);
  const storeUrl = parseBaseUrl(read('STORE_URL') ?? DEFAULT_STORE_URL, 'STORE_URL', problems);
  const vendorUrl = parseBaseUrl(read('VENDOR_URL') ?? DEFAULT_VENDOR_URL, 'VENDOR_URL', problems);

  const provider = read('MARKETPLACE_PROVIDER') ?? 'fixture';
  if (provider !== 'fixture' && provider !== 'aliexpress') {
    problems.push(`MARKETPLACE_PROVIDER must be fixture or aliexpress, not "${provider}"`);
  }
  const aliexpress = {
    appKey: read('AE_APP_KEY'),
    appSecret: read('AE_APP_SECRET'),
    accessToken: read('AE_ACCESS_TOKEN'),
    apiUrl: read('AE_API_URL'),
    accessTokenExpiresAt: read('AE_ACCESS_TOKEN_EXPIRES_AT'),
  };
  if (
    aliexpress.accessTokenExpiresAt !== undefined &&
    Number.isNaN(Date.parse(aliexpress.accessTokenExpiresAt))
  ) {
    problems.push('AE_ACCESS_TOKEN_EXPIRES_AT must be a date, such as 2027-01-31T00:00:00Z');
  }
  if (provider === 'aliexpress') {
    for (const [name, value] of [
      ['AE_APP_KEY', aliexpress.appKey],
      ['AE_APP_SECRET', aliexpress.appSecret],
      ['AE_ACCESS_TOKEN', aliexpress.accessToken],
    ] as const) {
      if (value === undefined) problems.push(`${name} is required when MARKETPLACE_PROVIDER is aliexpress`);
    }
  }
  if (aliexpress.apiUrl !== undefined && !isHttpUrl(aliexpress.apiUrl)) {
    problems.push('AE_API_URL must be an http(s) address');
  }

  // A production server (NODE_ENV=production, or one given a PostgreSQL database) never invents its token secret
  // and never loads demo accounts unless told to; a laptop with the embedded database keeps both for ease.
  const production = read('NODE_ENV') === 'production' || databaseUrl !== null;
  const seedDemo = parseBoolean(read('SEED_DEMO') ?? (production ? 'false' : 'true'), 'SEED_DEMO', problems);

  const logLevel = (read('LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const trustProxy = parseTrustProxy(read('TRUST_PROXY'), problems);

  const smtpUrl = read('SMTP_URL') ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\/[^/]/.test(smtpUrl)) {
    problems.push('SMTP_URL must be an smtp:// or smtps:// address');
  }
  const mailFrom = read('MAIL_FROM') ?? DEFAULT_MAIL_FROM;
  const dataEncryptionKey = read('DATA_ENCRYPTION_KEY') ?? null;
  if (dataEncryptionKey !== null && dataEncryptionKey.length < MIN_SECRET_LENGTH) {
    problems.push(`DATA_ENCRYPTION_KEY must be at least ${MIN_SECRET_LENGTH} characters long`);
  }

  const givenSecret = read('TOKEN_SECRET');
  if (givenSecret === undefined && production) {
    problems.push(
      'TOKEN_SECRET is required in production (NODE_ENV=production or DATABASE_URL set): at least 32 random characters',
    );
  } else if (givenSecret !== undefined && givenSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`TOKEN_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
  }
  // Rotation: the new secret or key is current, the old ones only verify or open what they made.
  const tokenSecretPrevious = parseSecretList(
    read('TOKEN_SECRET_PREVIOUS'),
    'TOKEN_SECRET_PREVIOUS',
    problems,
  );
  const dataEncryptionKeyPrevious = parseSecretList(
    read('DATA_ENCRYPTION_KEY_PREVIOUS'),
    'DATA_ENCRYPTION_KEY_PREVIOUS',
    problems,
  );

  const oauth = parseOAuth(read, problems);
  const redisUrl = read('REDIS_URL') ?? null;
  if (redisUrl !== null && !/^rediss?:\/\/./.test(redisUrl))
    problems.push('REDIS_URL must be a redis:// or rediss:// address');
  const s3 = parseS3(read, problems);
  const currencyRatesUrl = read('CURRENCY_RATES_URL') ?? null;
  if (currencyRatesUrl !== null && !/^https?:\/\/./.test(currencyRatesUrl))
    problems.push('CURRENCY_RATES_URL must be an http:// or https:// address');
  const backgroundJobs = parseBoolean(read('BACKGROUND_JOBS') ?? 'true', 'BACKGROUND_JOBS', problems);
  const outbound = parseAllowedHosts(read('OUTBOUND_ALLOW_HOSTS') ?? '');
  problems.push(...outbound.problems);
  const payments = parsePayments(read, problems);
  // A fraction of a minute is allowed for demonstrations and the browser journeys (0.1 is six seconds).
  const cartRecoveryDelayMinutes = parseMinutes(
    read('CART_RECOVERY_DELAY_MINUTES') ?? '60',
    'CART_RECOVERY_DELAY_MINUTES',
    0.05,
    1440,
    problems,
  );

  if (problems.length > 0) throw new ConfigError(problems);
  const tokenSecret = givenSecret ?? readOrCreateSecret(dataDir);

  return {
    port: port ?? 3000,
    host,
    dataDir,
    databaseUrl,
    tokenSecret,
    tokenSecretPrevious: tokenSecretPrevious.filter((secret) => secret !== tokenSecret),
    tokenTtlSeconds,
    corsOrigins,
    publicUrl,
    adminUrl,
    storeUrl,
    vendorUrl,
    marketplace: {
      provider: provider as MarketplaceProvider,
      aliexpress: Object.fromEntries(Object.entries(aliexpress).filter(([, v]) => v !== undefined)),
    },
    seedDemo: seedDemo ?? true,
    logLevel,
    trustProxy,
    mail: { smtpUrl, from: mailFrom },
    dataEncryptionKey,
    dataEncryptionKeyPrevious: dataEncryptionKeyPrevious.filter((key) => key !== dataEncryptionKey),
    oauth,
    redisUrl,
    s3,
    currencyRatesUrl,
    backgroundJobs: backgroundJobs ?? true,
    outboundAllowHosts: outbound.hosts,
    signInCacheMs: SIGN_IN_CACHE_MS,
    payments,
    cartRecoveryDelayMinutes: cartRecoveryDelayMinutes ?? 60,
  };
}

/** S3_BUCKET turns object storage on; S3_ENDPOINT points at an S3-compatible server (MinIO, a stand-in). */
function parseS3(read: (name: string) => string | undefined, problems: string[]): S3Settings | null {
  const bucket = read('S3_BUCKET');
  if (!bucket) return null;
  const endpoint = read('S3_ENDPOINT') ?? null;
  if (endpoint !== null && !/^https?:\/\/./.test(endpoint))
    problems.push('S3_ENDPOINT must be an http(s) address');
  const pathStyle = read('S3_FORCE_PATH_STYLE');
  return {
    bucket,
    region: read('S3_REGION') ?? 'us-east-1',
    endpoint,
    accessKeyId: read('S3_ACCESS_KEY_ID') ?? null,
    secretAccessKey: read('S3_SECRET_ACCESS_KEY') ?? null,
    forcePathStyle: pathStyle === undefined ? endpoint !== null : pathStyle === 'true',
  };
}

/** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (and the same for FACEBOOK_ and APPLE_) turn a provider on. */
function parseOAuth(read: (name: string) => string | undefined, problems: string[]): AppConfig['oauth'] {
  const oauth: AppConfig['oauth'] = {};
  for (const [id, provider] of Object.entries(OAUTH_PROVIDERS) as [
    OAuthProviderId,
    (typeof OAUTH_PROVIDERS)[OAuthProviderId],
  ][]) {
    const prefix = id.toUpperCase();
    const clientId = read(`${prefix}_CLIENT_ID`);
    const clientSecret = read(`${prefix}_CLIENT_SECRET`);
    const issuer = read(`${prefix}_ISSUER`) ?? provider.issuer;
    if (clientId === undefined && clientSecret === undefined) continue;
    if (!clientId || !clientSecret) {
      problems.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
      continue;
    }
    if (!/^https?:\/\/[^/]/.test(issuer)) {
      problems.push(`${prefix}_ISSUER must be an http(s) address`);
      continue;
    }
    oauth[id] = { clientId, clientSecret, issuer: issuer.replace(/\/+$/, '') };
  }
  return oauth;
}

/** Comma-separated secrets, each as long as the one it replaced had to be. */
function parseSecretList(text: string | undefined, name: string, problems: string[]): string[] {
  if (text === undefined) return [];
  const secrets = text
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (secrets.some((secret) => secret.length < MIN_SECRET_LENGTH)) {
    problems.push(
      `${name} must be secrets of at least ${MIN_SECRET_LENGTH} characters each, separated by commas`,
    );
  }
  return secrets;
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'token-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= MIN_SECRET_LENGTH) return secret;
    throw new ConfigError([`${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters`]);
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // 'wx' refuses to overwrite a secret another instance has just written.
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

function parseInteger(
  text: string,
  name: string,
  min: number,
  max: number,
  problems: string[],
): number | null {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max}, not "${text}"`);
    return null;
  }
  return value;
}

function parseMinutes(
  text: string,
  name: string,
  min: number,
  max: number,
  problems: string[],
): number | null {
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || value < min || value > max) {
    problems.push(`${name} must be a number of minutes from ${min} to ${max}, not "${text}"`);
    return null;
  }
  return value;
}

function parseBoolean(text: string, name: string, problems: string[]): boolean | null {
  const lower = text.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(lower)) return true;
  if (['false', '0', 'no', 'off'].includes(lower)) return false;
  problems.push(`${name} must be true or false, not "${text}"`);
  return null;
}

function parseOrigins(text: string | undefined, problems: string[]): string[] {
  if (text === undefined) return [...DEFAULT_CORS_ORIGINS];
  const origins: string[] = [];
  for (const entry of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!isHttpUrl(entry)) {
      problems.push(`CORS_ORIGINS entries must be http(s) origins, not "${entry}"`);
      continue;
    }
    // A browser sends the bare origin (no path, no trailing slash): compare against that form.
    origins.push(new URL(entry).origin);
  }
  return origins;
}

function parseBaseUrl(text: string, name: string, problems: string[]): string {
  if (!isHttpUrl(text)) {
    problems.push(`${name} must be an http(s) address, not "${text}"`);
    return text;
  }
  return text.replace(/\/+$/, '');
}

function parseTrustProxy(text: string | undefined, problems: string[]): boolean | number | string[] {
  if (text === undefined || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return parseInteger(text, 'TRUST_PROXY', 1, 20, problems) ?? false;
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
  };
  if (entries.length === 0 || !entries.every(valid)) {
    problems.push(
      'TRUST_PROXY must be true, false, a number of proxies, or comma-separated addresses/ranges',
    );
    return false;
  }
  return entries;
}
