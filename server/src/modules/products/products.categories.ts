// The storefront's categories (spec 3: header Electronics, Fashion, Home & Kitchen, Beauty, Books; search page Men,
// Women, Home) worked out when a product is saved, so `?category=` is one indexed array test.

export const MAIN_CATEGORIES = ['Electronics', 'Fashion', 'Home & Kitchen', 'Beauty', 'Books'] as const;
export type MainCategory = (typeof MAIN_CATEGORIES)[number];

/** Every value `?category=` accepts; Home is the search page's name for Home & Kitchen. */
export const CATEGORY_FILTERS = [...MAIN_CATEGORIES, 'Men', 'Women', 'Home'] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];

/** Marketplace category ids of the catalogue's items and the storefront category each belongs to. */
const MARKETPLACE_CATEGORIES: Record<number, MainCategory> = {
  // Earbuds, phone cases, hubs, watches, power banks, speakers, keyboards, webcams, mice.
  63705: 'Electronics',
  380230: 'Electronics',
  200001081: 'Electronics',
  200084017: 'Electronics',
  200003797: 'Electronics',
  200003800: 'Electronics',
  200003782: 'Electronics',
  70806: 'Electronics',
  70807: 'Electronics',
  // LED strips are sold with the lighting electronics.
  390501: 'Electronics',
  // Dresses, shoes, caps, bags, hoodies, sunglasses, sandals, belts.
  200000347: 'Fashion',
  200000811: 'Fashion',
  200000394: 'Fashion',
  152401: 'Fashion',
  200000668: 'Fashion',
  200000457: 'Fashion',
  200001004: 'Fashion',
  200000442: 'Fashion',
  // Kitchen tools, yoga mats, bath mats, desk lamps, diffusers, coffee, knives, storage, shower heads.
  200004370: 'Home & Kitchen',
  200003982: 'Home & Kitchen',
  154002: 'Home & Kitchen',
  39050508: 'Home & Kitchen',
  200003974: 'Home & Kitchen',
  200003932: 'Home & Kitchen',
  200004359: 'Home & Kitchen',
  200003700: 'Home & Kitchen',
  100005787: 'Home & Kitchen',
  // Brushes, rollers, nail kits, hair clips, cleansing brushes.
  200002440: 'Beauty',
  200001125: 'Beauty',
  200001154: 'Beauty',
  200001145: 'Beauty',
  200001122: 'Beauty',
  // Notebooks and sketchbooks, books and flash cards.
  200003198: 'Books',
  200001558: 'Books',
};

function asMainCategory(name: string | null | undefined): MainCategory | null {
  const wanted = name?.trim().toLowerCase();
  if (!wanted) return null;
  if (wanted === 'home') return 'Home & Kitchen';
  return MAIN_CATEGORIES.find((category) => category.toLowerCase() === wanted) ?? null;
}

// "Women" contains "men": whole words only, and the possessive forms sellers write.
const MEN = /\b(men|men's|mens|male|boys?)\b/i;
const WOMEN = /\b(women|women's|womens|female|ladies|girls?)\b/i;

/**
 * The storefront categories of a product: its main category (the staff member's choice, else the marketplace
 * category's), plus Men / Women for fashion whose title names them, plus Home for Home & Kitchen.
 */
export function storefrontCategories(input: {
  title: string;
  categoryId: number | null;
  mainCategory?: string | null;
}): string[] {
  const main =
    asMainCategory(input.mainCategory) ??
    (input.categoryId === null ? null : (MARKETPLACE_CATEGORIES[input.categoryId] ?? null));
  if (main === null) return [];
  const categories: string[] = [main];
  if (main === 'Fashion') {
    if (MEN.test(input.title)) categories.push('Men');
    if (WOMEN.test(input.title)) categories.push('Women');
  }
  if (main === 'Home & Kitchen') categories.push('Home');
  return categories;
}

/** The marketplace's placeholder for an unbranded item. */
const NO_BRAND = new Set(['noenname_null', 'none', 'no brand', 'unbranded', 'generic']);

/** The Brand Name property's value, or null for unbranded items. */
export function brandOf(properties: ReadonlyArray<{ attr_name: string; attr_value: string }>): string | null {
  const value = properties.find((p) => p.attr_name.trim().toLowerCase() === 'brand name')?.attr_value.trim();
  if (!value || NO_BRAND.has(value.toLowerCase())) return null;
  return value.slice(0, 100);
}
