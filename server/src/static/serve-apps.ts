// Serves built apps with their security headers (static-site.ts), one port each, for `npm start`:
//   node server/dist/serve-apps.js admin-app/dist=5173 store-app/dist=5174=http://localhost:3000/api …
// (built by server/scripts/build.mjs); the storefront's API address gives its pages their server-rendered HTML.
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
    // The storefront adds the API's address: `store-app/dist=5174=http://localhost:3000/api` (static-site.ts).
    const [, root, port, seoApiUrl] = /^([^=]+)=(\d+)(?:=(.+))?$/.exec(argument) ?? [];
    if (!root || !port) throw new Error(`expected <dist folder>=<port>[=<API address>], got "${argument}"`);
    const site = await buildStaticSite({ root, trustProxy, ...(seoApiUrl ? { seoApiUrl } : {}) });
    servers.push(site);
    await site.listen({ port: Number(port), host });
  }
} catch (error) {
  console.error(`Serving the apps failed: ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}
