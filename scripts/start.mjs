// `npm start`: builds the three apps, starts the API (embedded PostgreSQL and demo data unless DATABASE_URL is
// set) and serves the built apps with their security headers (server/src/static), then prints where everything is.
import { spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { createStartProgress, STALL_MS } from './start-progress.mjs';

if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`The shop runs on Node.js 24 or newer; this is ${process.version}.`);
  process.exit(1);
}

const apiPort = Number(process.env.PORT ?? 3000);
const apiUrl = `http://localhost:${apiPort}/api`;
const apps = [
  { name: 'Admin back office', dir: 'admin-app', port: 5173, path: '/admin/auth/login' },
  { name: 'Storefront', dir: 'store-app', port: 5174, path: '/' },
  { name: 'Vendor panel', dir: 'vendor-app', port: 5175, path: '/manage-vandor/dashboard' },
];
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };

// The API runs as built JavaScript, as in production (server/scripts/build.mjs, about a second).
const serverBuild = spawnSync(process.execPath, ['server/scripts/build.mjs'], { stdio: 'inherit', env });
if (serverBuild.status !== 0) process.exit(serverBuild.status ?? 1);

if (!process.argv.includes('--no-build')) {
  console.log('Building the apps…');
  const build = spawnSync(
    'npx',
    ['turbo', 'run', 'build', ...apps.map((a) => `--filter=@shop/${a.dir}`), '--output-logs=errors-only'],
    { stdio: 'inherit', env },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children = [];
function run(label, command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env, ...options });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${label} stopped (${signal ?? code}); stopping everything.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// Node runs each server itself (no npx in between), so stopping a child stops its server. The API tells which
// start-up step it is on over the IPC channel (server/src/startup-progress.ts).
const api = run('API', process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
run('The apps', process.execPath, [
  'server/dist/serve-apps.js',
  // The storefront's pages get their server-rendered HTML (search engines) from the API.
  ...apps.map((a) => `${a.dir}/dist=${a.port}${a.dir === 'store-app' ? `=${apiUrl}` : ''}`),
]);

/** null when the address answers as it should, else what it answered. */
async function answerOf(url) {
  try {
    const response = await fetch(url);
    if (response.ok) return null;
    const health = await response.json().catch(() => null);
    const down = Object.entries(health?.data ?? {}).filter(([, state]) => state === 'down');
    return `answers ${response.status}${down.length ? `: ${down.map(([name]) => name).join(', ')} down` : ''}`;
  } catch {
    return 'not answering yet';
  }
}

const targets = [
  { name: 'the API', url: `${apiUrl}/health` },
  ...apps.map((a) => ({ name: a.name, url: `http://localhost:${a.port}${a.path}` })),
];
const progress = createStartProgress({ targets: targets.map((t) => t.name), api: 'the API' });
api.on('message', (message) => {
  if (typeof message?.preparing === 'string') progress.apiReported(message.preparing);
});
const started = Date.now();
let said = '';
let saidAt = 0;
while (!stopping) {
  const answers = await Promise.all(targets.map(async (t) => [t.name, await answerOf(t.url)]));
  progress.observed(new Map(answers));
  if (progress.ready) break;
  if (progress.stalled) {
    console.error(
      `Nothing changed for ${STALL_MS / 60_000} minutes while waiting for ${progress.waitingFor()}; see the log above.`,
    );
    stop(1);
    break;
  }
  // Said when it changes, and again every half minute so a long first start visibly goes on.
  const waiting = progress.waitingFor();
  if (waiting !== said || Date.now() - saidAt >= 30_000) {
    console.log(`Waiting for ${waiting}… (${Math.round((Date.now() - started) / 1000)} s)`);
    said = waiting;
    saidAt = Date.now();
  }
  await sleep(500);
}
if (!stopping) {
  console.log(`
The shop is running:
  API                http://localhost:${apiPort}/api   (health: ${apiUrl}/health)
${apps.map((a) => `  ${a.name.padEnd(18)} http://localhost:${a.port}${a.path}`).join('\n')}

Demo sign-ins:
  staff    admin@example.com / admin12345
  shopper  shopper@example.com / shopper123
  vendor   sales@bengalhome.example.com / vendor12345   (http://localhost:5175/login)

Press Ctrl+C to stop.`);
}
