// `npm start`: builds the three apps, starts the API (embedded PostgreSQL and demo data unless DATABASE_URL is
// set) and serves the built apps, then prints where everything is.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const apiPort = Number(process.env.PORT ?? 3000);
const apiUrl = `http://localhost:${apiPort}/api`;
const apps = [
  { name: 'Admin back office', dir: 'admin-app', port: 5173, path: '/admin/auth/login' },
  { name: 'Storefront', dir: 'store-app', port: 5174, path: '/' },
  { name: 'Vendor panel', dir: 'vendor-app', port: 5175, path: '/manage-vandor/dashboard' },
];
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };

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
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// Node runs each server itself (no npx in between), so stopping a child stops its server.
run('API', process.execPath, ['--import', 'tsx', 'server/src/main.ts']);
for (const app of apps) {
  const require = createRequire(resolve(app.dir, 'package.json'));
  const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  run(app.name, process.execPath, [vite, 'preview', '--port', String(app.port), '--strictPort'], {
    cwd: app.dir,
  });
}

async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

const targets = [`${apiUrl}/health`, ...apps.map((a) => `http://localhost:${a.port}${a.path}`)];
const deadline = Date.now() + 120_000;
while (!(await Promise.all(targets.map(answers))).every(Boolean)) {
  if (Date.now() > deadline) {
    console.error('Not everything answered within two minutes; see the log above.');
    stop(1);
    break;
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
