// Storefront paths: which page a path names, and each page's address per language. A language other than English
// is `?lang=xx` on the same path, so every language has its own address for hreflang and the app's routes stay one set.
import { isUuid } from '../../lib/ids.ts';
import {
  CATEGORY_SLUGS,
  type CategorySlug,
  categorySlugOf,
  SEO_LANGUAGES,
  type SeoLanguage,
} from './seo.texts.ts';

export type SeoRoute =
  | { kind: 'home' }
  | { kind: 'product'; id: string }
  | { kind: 'category'; slug: CategorySlug }
  | { kind: 'store'; id: string }
  | { kind: 'blog' }
  | { kind: 'blog-post'; slug: string }
  /** One of the app's other screens: drawn by the app alone; `index` false for a shopper's own pages. */
  | { kind: 'app'; index: boolean }
  | { kind: 'unknown' };

/**
 * The app's screens with nothing for a crawler to read, and whether search engines may list them: every route of
 * store-app/src/routes is one of these or a page above (seo.paths.test.ts holds them together).
 */
const APP_SCREENS: ReadonlyArray<[RegExp, boolean]> = [
  [/^\/(about|sell)$/, true],
  [/^\/search\/[^/]+$/, false],
  [/^\/(cart|cart-reminders|checkout|login|register|invitation|unlock)$/, false],
  [/^\/profile(\/[a-z-]+)?$/, false],
  [/^\/order\/[^/]+$/, false],
  [/^\/payment\/return$/, false],
];

function segment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The page a storefront path names; a query string or a trailing slash does not change it. */
export function routeOf(path: string): SeoRoute {
  const clean = (path.split(/[?#]/)[0] ?? '/').replace(/\/+$/, '') || '/';
  if (clean === '/') return { kind: 'home' };
  if (clean === '/blog') return { kind: 'blog' };
  const match = /^\/(products|category|stores|blog)\/([^/]+)$/.exec(clean);
  if (match?.[1] && match[2]) {
    const value = segment(match[2]);
    if (value === null) return { kind: 'unknown' };
    switch (match[1]) {
      case 'products':
        return isUuid(value) ? { kind: 'product', id: value.toLowerCase() } : { kind: 'unknown' };
      case 'stores':
        return isUuid(value) ? { kind: 'store', id: value.toLowerCase() } : { kind: 'unknown' };
      case 'category':
        return Object.hasOwn(CATEGORY_SLUGS, value)
          ? { kind: 'category', slug: value as CategorySlug }
          : { kind: 'unknown' };
      default:
        return { kind: 'blog-post', slug: value };
    }
  }
  // The header's category links (/search/Electronics, the spec's) show a category's page: theirs is canonical.
  const searched = /^\/search\/([^/]+)$/.exec(clean)?.[1];
  const category = searched === undefined ? null : categorySlugOf(segment(searched));
  if (category) return { kind: 'category', slug: category };
  const screen = APP_SCREENS.find(([pattern]) => pattern.test(clean));
  return screen ? { kind: 'app', index: screen[1] } : { kind: 'unknown' };
}

/** A page's path on the storefront in a language (`/products/1?lang=bn`); English has the bare path. */
export function localPath(path: string, lang: SeoLanguage): string {
  return lang === 'en' ? path : `${path}?lang=${lang}`;
}

export function absoluteUrl(storeUrl: string, path: string, lang: SeoLanguage): string {
  return `${storeUrl.replace(/\/+$/, '')}${localPath(path, lang)}`;
}

/** The page's address in each language, and English as the choice for any other (x-default). */
export function alternatesOf(storeUrl: string, path: string): Array<{ hreflang: string; href: string }> {
  return [
    ...SEO_LANGUAGES.map((lang) => ({ hreflang: lang, href: absoluteUrl(storeUrl, path, lang) })),
    { hreflang: 'x-default', href: absoluteUrl(storeUrl, path, 'en') },
  ];
}

export const productPath = (id: string) => `/products/${id}`;
export const categoryPath = (slug: CategorySlug) => `/category/${slug}`;
export const storePath = (id: string) => `/stores/${id}`;
export const blogPostPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
