import { readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  createSeoSource,
  languageOf,
  robotsTxt,
  SeoNotFound,
  sitemapIndexXml,
  sitemapXml,
  withPage,
} from './seo-pages.ts';

/** Vite's output under `assets/` carries a content hash in every name: a changed file gets a new address. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** index.html (and any other file without a hash) is checked with the server on every use. */
export const REVALIDATE_CACHE = 'no-cache';
/** robots.txt and the sitemaps: drawn from the catalogue on request, so kept by crawlers a few minutes at most. */
export const SEO_FILE_CACHE = 'public, max-age=300';
export const HSTS = 'max-age=31536000; includeSubDomains';
/** What scripts/vite/content-security-policy.mts writes when a page has no inline script. */
export const BASE_POLICY = "script-src 'self'; object-src 'none'; base-uri 'none'";

/**
 * Headers every answer carries. A meta CSP cannot forbid framing, so `frame-ancestors` (and X-Frame-Options for
 * older browsers) must come as headers; docs/deployment.md shows the same set for nginx.
 */
export const SECURITY_HEADERS = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

const META_POLICY = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i;
const META_POLICY_TAG = /<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*"\s*\/?>\s*/i;

/**
 * index.html without its meta policy: the same policy comes as a header (with framing forbidden), and a page under
 * two identical policies reports every refusal twice.
 */
export function withoutMetaPolicy(indexHtml: string): string {
  return indexHtml.replace(META_POLICY_TAG, '');
}

/** The build's policy (the meta tag, inline scripts allowed by hash) with framing forbidden. */
export function policyOf(indexHtml: string): string {
  const meta = META_POLICY.exec(indexHtml)?.[1]
    ?.replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
  return `${meta ?? BASE_POLICY}; frame-ancestors 'none'`;
}

export interface StaticSiteOptions {
  /** A built app's `dist/` folder. */
  root: string;
  /**
   * As the API's TRUST_PROXY: `true`, a number of proxies, or their addresses. Lets `X-Forwarded-Proto: https`
   * from a TLS-terminating proxy count as HTTPS.
   */
  trustProxy?: boolean | number | string;
  logger?: boolean;
  /**
   * The storefront only: the API's address (`http://localhost:3000/api`). Its pages then come with their
   * server-rendered HTML for search engines, and robots.txt and the sitemaps are served (seo-pages.ts).
   */
  seoApiUrl?: string;
  /** How long the API's pages are reused (SEO_CACHE_MS). */
  seoCacheMs?: number;
}

/**
 * One built app, served as a single-page app: files as they are, and index.html for any other path without a
 * file extension (the app's router draws the page, or its own not-found screen). A missing file answers 404, never
 * index.html, so a stale script address is not cached as HTML.
 */
export async function buildStaticSite(options: StaticSiteOptions): Promise<FastifyInstance> {
  const root = resolve(options.root);
  const indexPath = join(root, 'index.html');
  let index: { stamp: string; html: string; policy: string } | null = null;
  // Read again when the app is rebuilt, so the policy always names the inline scripts of the page served.
  const currentIndex = () => {
    const stat = statSync(indexPath);
    const stamp = `${stat.mtimeMs}:${stat.size}`;
    if (index?.stamp !== stamp) {
      const html = readFileSync(indexPath, 'utf8');
      index = { stamp, html: withoutMetaPolicy(html), policy: policyOf(html) };
    }
    return index;
  };
  try {
    currentIndex();
  } catch {
    throw new Error(`${indexPath} not found: build the app first`);
  }

  const { trustProxy = false } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // `//#/products/1` (a link joined to a base that ends in a slash) is the home page, as any web server treats it.
    rewriteUrl: (request) => (request.url ?? '/').replace(/^\/{2,}/, '/'),
    // A number of proxies is proxy-addr's "hop < n" rule; Fastify's types only take it as a function.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('content-security-policy', currentIndex().policy);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    // Only over HTTPS: a browser ignores it on plain http, and on localhost it would pin every port to HTTPS.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  const sendIndex = (reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', REVALIDATE_CACHE)
      .send(currentIndex().html);

  const seo = options.seoApiUrl ? createSeoSource(options.seoApiUrl, options.seoCacheMs) : null;
  /** The page with its server-rendered HTML and status; the bare app when the API cannot say. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!seo) return sendIndex(reply);
    const path = request.url.split('?')[0] ?? '/';
    try {
      const page = await seo.page(path, languageOf(request.query));
      return reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', REVALIDATE_CACHE)
        .send(withPage(currentIndex().html, page));
    } catch (error) {
      request.log.warn({ err: error, path }, 'the page has no server-rendered HTML');
      return sendIndex(reply);
    }
  };

  if (seo) {
    const sendXml = (reply: FastifyReply, body: string) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', SEO_FILE_CACHE).send(body);
    const notFound = (reply: FastifyReply) =>
      reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');
    app.get('/robots.txt', async (request, reply) => {
      // A robots.txt that fails reads to crawlers as "crawl nothing": without the API, the address asked is used.
      const storeUrl = await seo.sitemap().then(
        (answer) => answer.storeUrl,
        () => `${request.protocol}://${request.host}`,
      );
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', SEO_FILE_CACHE)
        .send(robotsTxt(storeUrl));
    });
    app.get('/sitemap.xml', async (_request, reply) => sendXml(reply, sitemapIndexXml(await seo.sitemap())));
    app.get<{ Params: { name: string } }>('/sitemaps/:name', async (request, reply) => {
      const match = /^(en|bn|hi|es)-([1-9]\d{0,3})\.xml$/.exec(request.params.name);
      if (!match) return notFound(reply);
      try {
        const answer = await seo.sitemap({ lang: languageOf({ lang: match[1] }), part: Number(match[2]) });
        return sendXml(reply, sitemapXml(answer));
      } catch (error) {
        if (error instanceof SeoNotFound) return notFound(reply);
        throw error;
      }
    });
  }

  await app.register(fastifyStatic, {
    root,
    index: false,
    cacheControl: false,
    setHeaders: (reply, path) => {
      const hashed = path.startsWith(join(root, 'assets'));
      reply.header('cache-control', hashed ? HASHED_ASSET_CACHE : REVALIDATE_CACHE);
    },
  });
  app.get('/', sendPage);
  app.get('/index.html', (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if ((request.method === 'GET' || request.method === 'HEAD') && extname(path) === '') {
      return sendPage(request, reply);
    }
    return reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send('Not found');
  });
  return app;
}
