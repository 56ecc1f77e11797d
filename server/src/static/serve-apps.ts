// Serves built apps with their security headers (static-site.ts), one port each, for `npm start`:
//   node server/dist/serve-apps.js admin-app/dist=5173 store-app/dist=5174 … (built by server/scripts/build.mjs)
import type { FastifyInstance } from 'fastify';
import { buildStaticSite } from './static-site.ts';

function trustProxyOf(value: string | undefined): boolean | number | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

const host = process.env.APPS_HOST ?? 'localhost';
const trustProxy = trustProxyOf(process.env.TRUST_PROXY);
const servers: FastifyInstance[] = [];

async function stop(code: number) {
  await Promise.allSettled(servers.map((server) => server.close()));
  process.exit(code);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

try {
  for (const argument of process.argv.slice(2)) {
    const [root, port] = argument.split('=');
    if (!root || !port || !/^\d+$/.test(port))
      throw new Error(`expected <dist folder>=<port>, got "${argument}"`);
    const site = await buildStaticSite({ root, trustProxy });
    servers.push(site);
    await site.listen({ port: Number(port), host });
  }
} catch (error) {
  console.error(`Serving the apps failed: ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}
