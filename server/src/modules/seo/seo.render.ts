// A page as search engines read it, drawn as HTML: pure, so escaping is proved without a database.
import { absoluteUrl, alternatesOf } from './seo.paths.ts';
import { OG_LOCALES, SEO_LANGUAGES, type SeoLanguage } from './seo.texts.ts';

export type JsonLd = Record<string, unknown>;

export interface PageModel {
  status: 200 | 404 | 410;
  title: string;
  description: string;
  /** The page's path (canonical and hreflang); null for a page that is not found. */
  path: string | null;
  index: boolean;
  ogType: 'website' | 'product' | 'article';
  image: string | null;
  jsonLd: JsonLd[];
  /** The visible page: escaped text and sanitised HTML only. */
  body: string;
}

export interface SiteContext {
  lang: SeoLanguage;
  storeUrl: string;
  siteName: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` as JSON escapes, so no text can close the
 * element or open a comment, and the line separators JavaScript once refused; it parses to the same value.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Sanitised HTML as plain text, for descriptions and JSON-LD. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word with an ellipsis: search results show about 160. */
export function clipped(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** The head's tags: title, description, robots, canonical, hreflang, Open Graph and JSON-LD. */
export function headHtml(model: PageModel, site: SiteContext): string {
  const tags = [
    `<title>${escapeHtml(model.title)}</title>`,
    meta('name', 'description', model.description),
    meta('name', 'robots', model.index ? 'index, follow' : 'noindex, follow'),
  ];
  if (model.path !== null) {
    const url = absoluteUrl(site.storeUrl, model.path, site.lang);
    tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
    for (const alternate of alternatesOf(site.storeUrl, model.path)) {
      tags.push(
        `<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(alternate.href)}">`,
      );
    }
    tags.push(
      meta('property', 'og:type', model.ogType),
      meta('property', 'og:url', url),
      meta('property', 'og:title', model.title),
      meta('property', 'og:description', model.description),
      meta('property', 'og:site_name', site.siteName),
      meta('property', 'og:locale', OG_LOCALES[site.lang]),
      ...SEO_LANGUAGES.filter((lang) => lang !== site.lang).map((lang) =>
        meta('property', 'og:locale:alternate', OG_LOCALES[lang]),
      ),
    );
    if (model.image) tags.push(meta('property', 'og:image', model.image));
  }
  for (const data of model.jsonLd) {
    tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  }
  return tags.join('');
}

/** A link on the page, in the page's language, so a crawler following it stays in that language. */
export function pageLink(path: string, text: string, lang: SeoLanguage): string {
  const href = lang === 'en' ? path : `${path}?lang=${lang}`;
  return `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
}

export interface Crumb {
  name: string;
  path: string;
}

/** The breadcrumb trail as links (the last one is the page itself) and as schema.org's BreadcrumbList. */
export function breadcrumbs(crumbs: Crumb[], site: SiteContext): { html: string; jsonLd: JsonLd } {
  const items = crumbs.map((crumb, index) =>
    index === crumbs.length - 1
      ? `<li aria-current="page">${escapeHtml(crumb.name)}</li>`
      : `<li>${pageLink(crumb.path, crumb.name, site.lang)}</li>`,
  );
  return {
    html: `<nav aria-label="Breadcrumb"><ol>${items.join('')}</ol></nav>`,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: absoluteUrl(site.storeUrl, crumb.path, site.lang),
      })),
    },
  };
}

export function organization(site: SiteContext, email: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.siteName,
    url: site.storeUrl,
    logo: `${site.storeUrl}/favicon.svg`,
    email,
  };
}
