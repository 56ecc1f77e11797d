// The storefront's pages as search engines read them: the API's seo operations (modules/seo) give each path's
// head and visible body, which go into the built index.html (its hashed scripts stay), and the sitemaps, drawn
// here as XML. Answers are kept briefly, so a crawl does not ask the API once per request.

export const SEO_LANGUAGES = ['en', 'bn', 'hi', 'es'] as const;
export type SeoLanguage = (typeof SEO_LANGUAGES)[number];

/** As the API's SeoPage. */
export interface SeoPage {
  status: 200 | 404 | 410;
  lang: SeoLanguage;
  headHtml: string;
  bodyHtml: string;
}

/** As the API's Sitemap. */
export interface SitemapAnswer {
  storeUrl: string;
  sitemaps: Array<{ loc: string; lastmod: string | null }>;
  urls: Array<{ loc: string; lastmod: string | null; alternates: Array<{ hreflang: string; href: string }> }>;
}

/** How long an answer is reused: a changed product shows within this. */
export const SEO_CACHE_MS = 60_000;
const CACHE_ENTRIES = 2000;
const API_TIMEOUT_MS = 5000;

/** Not found (a sitemap part past the last), as opposed to the API failing. */
export class SeoNotFound extends Error {}

export function createSeoSource(apiUrl: string, cacheMs = SEO_CACHE_MS) {
  const base = apiUrl.replace(/\/+$/, '');
  const cache = new Map<string, { expires: number; value: Promise<unknown> }>();

  async function ask<T>(url: string): Promise<T> {
    const response = await fetch(url, { signal: AbortSignal.timeout(API_TIMEOUT_MS) });
    if (response.status === 404) throw new SeoNotFound(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return ((await response.json()) as { data: T }).data;
  }

  function cached<T>(url: string): Promise<T> {
    const now = Date.now();
    const hit = cache.get(url);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    if (cache.size >= CACHE_ENTRIES) cache.clear();
    const value = ask<T>(url);
    cache.set(url, { expires: now + cacheMs, value });
    // A failure is not kept: the next request asks again.
    value.catch(() => cache.delete(url));
    return value;
  }

  return {
    page: (path: string, lang: SeoLanguage) =>
      cached<SeoPage>(`${base}/seo/page?${new URLSearchParams({ path, lang })}`),
    sitemap: (part?: { lang: SeoLanguage; part: number }) =>
      cached<SitemapAnswer>(
        `${base}/seo/sitemap${part ? `?${new URLSearchParams({ lang: part.lang, part: String(part.part) })}` : ''}`,
      ),
  };
}

export type SeoSource = ReturnType<typeof createSeoSource>;

/** The language a request asks for (`?lang=bn`); English without one. */
export function languageOf(query: unknown): SeoLanguage {
  const lang = (query as { lang?: unknown } | undefined)?.lang;
  return SEO_LANGUAGES.find((known) => known === lang) ?? 'en';
}

const BOOT_MAIN = '<main class="boot-container boot-main">';
const ROOT = '<div id="root">';

/**
 * index.html with the page in it: its language, its head tags instead of the build's title and description, and
 * its visible body inside the app's root (at the end of the first-paint shell's main area when it has one), which
 * React replaces when the app starts.
 */
export function withPage(indexHtml: string, page: SeoPage): string {
  let html = indexHtml
    .replace(/<html([^>]*?)\slang="[^"]*"/i, `<html$1 lang="${page.lang}"`)
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<title>[\s\S]*?<\/title>/i, () => page.headHtml);
  if (!html.includes(page.headHtml)) html = html.replace('</head>', () => `${page.headHtml}</head>`);
  // Below the shell's own shapes (the product picture where the gallery will show it), so they do not move.
  const main = html.indexOf(BOOT_MAIN);
  const end = main === -1 ? -1 : html.indexOf('</main>', main);
  if (end !== -1) return `${html.slice(0, end)}${page.bodyHtml}${html.slice(end)}`;
  return html.replace(ROOT, () => `${ROOT}${page.bodyHtml}`);
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
const lastmod = (date: string | null) => (date ? `<lastmod>${xml(date)}</lastmod>` : '');

export function sitemapIndexXml(answer: SitemapAnswer): string {
  const entries = answer.sitemaps.map(
    (entry) => `<sitemap><loc>${xml(entry.loc)}</loc>${lastmod(entry.lastmod)}</sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`;
}

export function sitemapXml(answer: SitemapAnswer): string {
  const entries = answer.urls.map((url) => {
    const alternates = url.alternates.map(
      (alternate) =>
        `<xhtml:link rel="alternate" hreflang="${xml(alternate.hreflang)}" href="${xml(alternate.href)}"/>`,
    );
    return `<url><loc>${xml(url.loc)}</loc>${lastmod(url.lastmod)}${alternates.join('')}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join('')}</urlset>\n`;
}

/** Everything may be crawled but a shopper's own screens; the sitemap index is named on the store's domain. */
export function robotsTxt(storeUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /cart',
    'Disallow: /checkout',
    'Disallow: /profile',
    'Disallow: /payment/',
    '',
    `Sitemap: ${storeUrl.replace(/\/+$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}
