/** Spec §1 storefront categories; each opens the search results for its name (shown as `common:category.<name>`). */
export const CATEGORIES = ['Electronics', 'Fashion', 'Home & Kitchen', 'Beauty', 'Books'] as const;

/** Each category's own address, `/category/{slug}`, the one search engines list (server/src/modules/seo). */
const CATEGORY_SLUGS: Record<string, (typeof CATEGORIES)[number]> = {
  electronics: 'Electronics',
  fashion: 'Fashion',
  'home-kitchen': 'Home & Kitchen',
  beauty: 'Beauty',
  books: 'Books',
};

export function categoryOfSlug(slug: string): (typeof CATEGORIES)[number] | null {
  return Object.hasOwn(CATEGORY_SLUGS, slug) ? (CATEGORY_SLUGS[slug] ?? null) : null;
}
