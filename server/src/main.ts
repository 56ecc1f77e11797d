import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { DEMO_ADMIN, DEMO_SHOPPER } from './db/seed/accounts.ts';
import { seedDemoData } from './db/seed/seed-demo-data.ts';
import { apiLoggerOptions } from './http/log-redaction.ts';
import { startupProgress } from './startup-progress.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const progress = startupProgress();
  progress.step('loading the API');
  const database = createDatabase(config);
  const app = await buildApp({
    config,
    db: database,
    // Tokens, passwords, hashes and card data never reach the log (http/log-redaction.ts).
    logger: apiLoggerOptions(config.logLevel),
  });
  const log = app.log;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Requests still running after this long are cut off rather than holding the shutdown up for ever.
    const deadline = setTimeout(() => {
      log.warn('in-flight requests did not finish in time; closing their connections');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    try {
      // app.close() stops accepting connections and resolves once in-flight requests have answered.
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  log.info({ database: database.kind, dataDir: config.dataDir }, 'applying migrations');
  progress.step('applying migrations');
  await database.migrate();
  if (config.seedDemo) {
    progress.step('seeding demo data');
    const result = await seedDemoData(database.db, { publicUrl: config.publicUrl });
    if (result.seeded) log.info({ counts: result.counts }, 'seeded demo data');
  }

  // The outbox is delivered by a background job (app.ts): with SMTP_URL unset or BACKGROUND_JOBS=false it waits.
  if (config.mail.smtpUrl && !config.backgroundJobs) {
    log.warn('BACKGROUND_JOBS=false: the outbox is kept, not sent');
  }

  progress.step('starting background jobs and listening');
  await app.listen({ port: config.port, host: config.host });
  progress.done();
  const apiUrl = `${config.publicUrl}/api`;
  log.info({ apiUrl }, 'API ready');
  console.log(`\n  API        ${apiUrl}`);
  if (config.seedDemo) {
    console.log(`  Staff      ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    console.log(`  Shopper    ${DEMO_SHOPPER.email} / ${DEMO_SHOPPER.password}\n`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
