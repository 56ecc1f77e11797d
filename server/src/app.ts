import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import { parse as parseYaml } from 'yaml';
import { SERVER_DIR } from './locations.ts';
import './auth/auth-context.ts';
import { createSecurityHandlers } from './auth/guards.ts';
import { createLoginThrottle, type LoginThrottle } from './auth/login-throttle.ts';
import { createRedisThrottle } from './auth/redis-throttle.ts';
import { createTokenService } from './auth/tokens.ts';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { resealStoredSecrets } from './db/reseal-secrets.ts';
import { registerApiCounter } from './http/api-counter.ts';
import { registerContract } from './http/contract-routes.ts';
import { clientErrorResponse, frameworkErrorBody, registerErrorHandling } from './http/error-handler.ts';
import { ApiError } from './http/errors.ts';
import { registerGracefulClose } from './http/graceful-close.ts';
import { registerInputGuards, registerNoStoreDefault } from './http/input-guards.ts';
import { createOutboundClient } from './http/outbound.ts';
import {
  CATALOGUE_CACHE_MS,
  CATALOGUE_KEEPS_ON,
  clearOnChange,
  createShortCache,
} from './http/short-cache.ts';
import {
  createSerializerCompiler,
  createValidatorCompiler,
  registerRequiredBody,
} from './http/validation.ts';
import { cleanUpJob } from './jobs/clean-up.ts';
import { type JobQueue, startJobQueue } from './jobs/job-queue.ts';
import { secretBoxFor } from './lib/secret-box.ts';
import { loggedMarketplace } from './modules/api-calls/index.ts';
import { exportStore, scheduledBackupJob } from './modules/backups/index.ts';
import { cartLinks, cartRemindersJob } from './modules/carts/index.ts';
import { followClaimDisputesJob } from './modules/claims/index.ts';
import { courierTrackingJob } from './modules/couriers/index.ts';
import { marketplaceSyncJob } from './modules/dropshipping/index.ts';
import { autoForwardOrdersJob, trackForwardedOrdersJob } from './modules/forwarding/index.ts';
import { deliverMailJob, smtpTransport } from './modules/mail/index.ts';
import { createMarketplace, FIXTURE_IMAGES_DIR } from './modules/marketplace/index.ts';
import {
  localMediaStore,
  type MediaStore,
  registerMediaUploads,
  STORED_NAME,
  s3MediaStore,
} from './modules/media/index.ts';
import { abandonedCheckoutsJob } from './modules/orders/index.ts';
import {
  createPaymentGateways,
  createPaymentProvider,
  type HostedPaymentProvider,
  hostedProvidersFrom,
} from './modules/payments/index.ts';
import { currencyRatesJob, priceSortKeeper, priceSortKeysJob } from './modules/pricing/index.ts';
import { supplierHealthJob } from './modules/suppliers/index.ts';
import { createService } from './service.ts';

export const OPENAPI_PATH = join(SERVER_DIR, '..', 'openapi.yaml');
export const API_PREFIX = '/api';
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The largest body a payment provider's return or notification may carry. */
const PROVIDER_BODY_LIMIT = 256 * 1024;

let contractDocument: object | undefined;
/** openapi.yaml, read and parsed once per process: every app built in it (tests build dozens) shares the text. */
function contract(): object {
  contractDocument ??= parseYaml(readFileSync(OPENAPI_PATH, 'utf8')) as object;
  return contractDocument;
}

export interface BuildAppOptions {
  config: AppConfig;
  db: DatabaseHandle;
  /** Fastify's logger option; off unless given (main.ts passes pino settings). */
  logger?: FastifyServerOptions['logger'];
  /** Hosted payment providers instead of the configured ones (tests). */
  hostedPayments?: HostedPaymentProvider[];
}

/** The whole HTTP application, not yet listening: main.ts listens, tests use `app.inject`. */
export async function buildApp({
  config,
  db,
  logger = false,
  hostedPayments,
}: BuildAppOptions): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // A number of proxies is proxy-addr's "hop < n" rule; Fastify's types only take it as a function.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: (error, _request, reply) => {
      const apiError = frameworkErrorBody(error);
      // Raised before a route is found; Fastify types this reply for no route in particular.
      void (reply as unknown as FastifyReply)
        .code(apiError.statusCode)
        .header('cache-control', 'no-store')
        .send(apiError.toBody());
    },
    clientErrorHandler: (error, socket) => {
      if (socket.writable) socket.end(clientErrorResponse(error));
      else socket.destroy(error);
    },
  });

  app.setValidatorCompiler(createValidatorCompiler());
  app.setSerializerCompiler(createSerializerCompiler());
  registerErrorHandling(app);

  await app.register(fastifyHelmet, {
    // The API serves JSON and pictures, never pages: nothing may run or be framed.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
      },
    },
    // The apps live on other origins and show the media served here in <img>.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(fastifyCors, {
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // Screens read the suggested file name of exports and downloads, and how many rows an export holds.
    exposedHeaders: ['Retry-After', 'Content-Disposition', 'X-Total-Count'],
    maxAge: 600,
  });

  // Product lists are tens of KB of JSON; gzip/brotli cut them to a sixth for shoppers on slow links.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  app.decorateRequest('auth', null);
  // The contract's routes carry their security check as a preHandler (fastify-openapi-glue), which runs after body
  // validation.
  // Moving it to preValidation answers 401/403 before 400, so callers without a token learn nothing about inputs.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(API_PREFIX) && route.preHandler && !route.preValidation) {
      route.preValidation = route.preHandler;
      route.preHandler = undefined;
    }
  });
  // After the hook above, so an upload is read only once its security check has passed.
  await registerMediaUploads(app);
  // Files the API only sends (CSV exports, backups) are never taken as request bodies: 415, as for any type a
  // route does not declare. Declaring the parsers also tells the contract's router these types are known.
  app.addContentTypeParser(['text/csv', 'application/gzip'], (_request, _payload, done) => {
    done(new ApiError(415, 'BAD_REQUEST', 'This content type is not supported.'), undefined);
  });

  // Payment providers post forms (SSLCommerz's return and IPN): read as fields, the raw text kept for signatures.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: PROVIDER_BODY_LIMIT },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );

  // A provider signs its notification's body as sent (Stripe, Razorpay): the bytes are kept before parsing.
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!request.url.startsWith(`${API_PREFIX}/payments/`)) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += bytes.length;
      if (size > PROVIDER_BODY_LIMIT)
        throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
      chunks.push(bytes);
    }
    const raw = Buffer.concat(chunks);
    (request as typeof request & { rawBody?: string }).rawBody = raw.toString('utf8');
    return Readable.from([raw]);
  });
  // The contract's validation drops fields it does not name, and a provider's fields are its own: what it sent is
  // kept before validation for its adapter to check.
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith(`${API_PREFIX}/payments/`)) return;
    const fields: Record<string, string> = Object.fromEntries(
      new URL(request.url, 'http://api').searchParams,
    );
    if (request.body !== null && typeof request.body === 'object') {
      for (const [key, value] of Object.entries(request.body)) {
        if (value !== undefined && value !== null) {
          fields[key] = typeof value === 'string' ? value : JSON.stringify(value);
        }
      }
    }
    const kept = request as typeof request & { providerFields?: Record<string, string>; rawBody?: string };
    kept.providerFields = fields;
    kept.rawBody ??= '';
  });

  registerRequiredBody(app);
  registerInputGuards(app);
  registerNoStoreDefault(app);
  registerApiCounter(app, db.db);
  const catalogueCache = createShortCache({ ttlMs: CATALOGUE_CACHE_MS });
  clearOnChange(app, catalogueCache, { keepOn: CATALOGUE_KEEPS_ON });
  const signInCache = createShortCache({ ttlMs: config.signInCacheMs, maxEntries: 10_000 });
  clearOnChange(app, signInCache);
  registerGracefulClose(app);

  await app.register(fastifyStatic, {
    root: FIXTURE_IMAGES_DIR,
    prefix: '/media/marketplace/',
    index: false,
    maxAge: '1d',
  });
  const uploadsDir = join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  let media: MediaStore;
  if (config.s3) {
    // Every instance reads the same bucket: an upload through one is served by all.
    const store = s3MediaStore(config.s3);
    media = store;
    app.get<{ Params: { name: string } }>('/media/uploads/:name', async (request, reply) => {
      const found = STORED_NAME.test(request.params.name) ? await store.get(request.params.name) : null;
      if (!found) {
        return reply.code(404).send({ success: false, code: 'NOT_FOUND', message: 'File not found.' });
      }
      return reply
        .type(found.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(Buffer.from(found.bytes));
    });
  } else {
    media = localMediaStore(config.dataDir);
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/media/uploads/',
      index: false,
      decorateReply: false,
    });
  }

  let throttle: LoginThrottle = createLoginThrottle(db.db);
  let sharedRedis: Redis | null = null;
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    sharedRedis = redis;
    redis.on('error', (error) => app.log.warn({ err: error }, 'Redis connection problem'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    throttle = createRedisThrottle(redis);
  }

  const tokens = createTokenService({
    secret: config.tokenSecret,
    previousSecrets: config.tokenSecretPrevious ?? [],
    ttlSeconds: config.tokenTtlSeconds,
  });
  const secrets = secretBoxFor(config);
  // After the migrations (main.ts): what a previous data key sealed moves to the current one, so that key can go.
  app.addHook('onReady', async () => {
    try {
      const { resealed, unreadable } = await resealStoredSecrets(db.db, secrets);
      app.log.info({ resealed }, 'stored secrets re-sealed under the current data key');
      if (unreadable > 0) {
        app.log.warn({ unreadable }, 'stored secrets that no configured data key opens');
      }
    } catch (error) {
      // Not fatal: a previous key still opens what it sealed; the next start tries again.
      app.log.error({ err: error }, 're-sealing stored secrets failed');
    }
  });
  // Every call to the marketplace goes to the API log (Courier Integration & API Logs).
  const marketplace = loggedMarketplace(
    createMarketplace({
      provider: config.marketplace.provider,
      publicUrl: config.publicUrl,
      aliexpress: config.marketplace.aliexpress,
    }),
    db.db,
  );
  // Requests to addresses staff can set; refusals are logged with their reason, never shown.
  const outbound = createOutboundClient({ allow: config.outboundAllowHosts, log: app.log });
  // Rate writes leave their currency's price sort keys to rework; a start goes over what a stopped pass left.
  const priceSortKeys = priceSortKeeper(db.db, app.log);
  app.addHook('onReady', async () => priceSortKeys.poke());
  app.addHook('onClose', async () => priceSortKeys.stop());
  if (config.backgroundJobs) {
    let jobs: JobQueue | null = null;
    // Without SMTP_URL messages stay in the outbox (the staff screens show what was queued).
    const mail = config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : null;
    // Started once the server is ready, after the migrations (main.ts), and stopped before the database closes.
    app.addHook('onReady', async () => {
      jobs = await startJobQueue(
        db,
        [
          trackForwardedOrdersJob({ db: db.db, marketplace }),
          autoForwardOrdersJob({ db: db.db, marketplace }),
          followClaimDisputesJob({ db: db.db, marketplace, publicUrl: config.publicUrl }),
          supplierHealthJob({ db: db.db, marketplace }),
          cleanUpJob({ db: db.db }),
          abandonedCheckoutsJob({ db: db.db, pendingMinutes: config.payments.pendingMinutes }),
          scheduledBackupJob({ db: db.db, store: exportStore(config) }),
          cartRemindersJob({
            db: db.db,
            links: cartLinks(config.tokenSecret, config.tokenSecretPrevious),
            storeUrl: config.storeUrl,
            firstAfterMinutes: config.cartRecoveryDelayMinutes,
          }),
          ...(mail ? [deliverMailJob({ db: db.db, transport: mail, from: config.mail.from })] : []),
          marketplaceSyncJob({ db: db.db, marketplace }),
          currencyRatesJob({
            db: db.db,
            url: config.currencyRatesUrl,
            outbound,
            ratesWritten: () => priceSortKeys.poke(),
          }),
          priceSortKeysJob({ db: db.db }),
          courierTrackingJob({
            db: db.db,
            secrets,
            outbound,
          }),
        ],
        { log: app.log },
      );
    });
    app.addHook('onClose', async () => {
      await jobs?.stop();
      mail?.close();
    });
  }

  await registerContract(app, {
    // The router clones the document before resolving its references, so the parsed one is never changed.
    specification: contract(),
    prefix: API_PREFIX,
    handlers: {
      service: createService({
        config,
        database: db,
        tokens,
        throttle,
        media,
        marketplace,
        payments: createPaymentGateways(
          createPaymentProvider({ provider: 'offline' }),
          hostedPayments ?? hostedProvidersFrom(config.payments),
        ),
        catalogueCache,
        redis: sharedRedis,
        outbound,
        priceSortKeys,
      }),
      security: createSecurityHandlers({ db: db.db, tokens, cache: signInCache }),
    },
  });

  return app;
}
