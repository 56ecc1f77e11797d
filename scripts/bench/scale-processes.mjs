// The processes the bench runs (scale.mjs): the built API, the ceiling server and the bench's PostgreSQL cluster.
// Run as `node scale-processes.mjs --ceiling <page file>`, this file is the ceiling server itself.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { send } from './scale-load.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fromServer = createRequire(join(root, 'server', 'package.json'));
const serverImport = async (name) => import(pathToFileURL(fromServer.resolve(name)).href);

// ---- Processes: the built API, the ceiling, PostgreSQL ----------------------------------------------------------

function freePort() {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

/** `node server/dist/main.js` as production runs it; resolves once /api/health answers 200. */
export async function startApi(env) {
  const port = await freePort();
  // BENCH_API_PROFILE=<folder>: the API writes a V8 CPU profile there when it stops (where its own time goes).
  const profile = process.env.BENCH_API_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, 'server/dist/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      BACKGROUND_JOBS: 'false',
      MARKETPLACE_PROVIDER: 'fixture',
      SEED_DEMO: 'true',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolvePromise) => child.once('exit', resolvePromise));
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}) before it answered`);
    const answer = await send(port, { path: '/api/health' });
    if (answer.status === 200) break;
    if (Date.now() > deadline) throw new Error('the API did not answer /api/health within 15 minutes');
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function startCeiling(pageFile) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--ceiling', pageFile], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolvePromise) => child.once('exit', resolvePromise));
  const port = await new Promise((resolvePromise, reject) => {
    child.stdout.once('data', (chunk) => resolvePromise(JSON.parse(chunk.toString()).port));
    child.once('exit', (code) => reject(new Error(`the ceiling server exited (${code})`)));
  });
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The ceiling (child process): bare Fastify 5 answering every GET with the captured, already compressed page. */
async function serveCeiling(pageFile) {
  const { default: Fastify } = await serverImport('fastify');
  const page = JSON.parse(readFileSync(pageFile, 'utf8'));
  const body = Buffer.from(page.body, 'base64');
  const app = Fastify({ logger: false });
  app.get('/*', (_request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply.send(body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: app.server.address().port })}\n`);
  process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
}

/** Runs a command as the postgres user when this is root (PostgreSQL refuses to run as root). */
function asPostgres(command, args) {
  const result =
    process.getuid?.() === 0
      ? spawnSync('su', ['postgres', '-c', [command, ...args].map(shellQuote).join(' ')], {
          encoding: 'utf8',
        })
      : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

const shellQuote = (arg) => `'${String(arg).replaceAll("'", "'\\''")}'`;

/**
 * The bench's own PostgreSQL 15 cluster in BENCH_DATA_DIR/pg15, kept between runs, with PostgreSQL's defaults
 * (fsync, synchronous_commit and full_page_writes on; scripts/with-postgres.sh turns fsync off for tests).
 */
export function startCluster(s) {
  if (s.databaseUrl) return { url: s.databaseUrl, stop: () => {} };
  const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
  const dir = join(s.dataDir, 'pg15');
  const logDir = join(s.dataDir, 'pg15-log');
  mkdirSync(logDir, { recursive: true });
  if (process.getuid?.() === 0) {
    const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const uid = Number(pw.stdout.trim());
    mkdirSync(dir, { recursive: true });
    chownSync(dir, uid, uid);
    chownSync(logDir, uid, uid);
  }
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    console.log(`initdb ${dir} ...`);
    asPostgres(join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust']);
  }
  asPostgres(join(bin, 'pg_ctl'), [
    '-D',
    dir,
    '-l',
    join(logDir, 'postgres.log'),
    '-w',
    'start',
    '-o',
    `-p ${s.pgPort} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200`,
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${s.pgPort}/postgres`,
    stop: () => asPostgres(join(bin, 'pg_ctl'), ['-D', dir, '-m', 'fast', '-w', 'stop']),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--ceiling') {
  await serveCeiling(process.argv[3]);
}
