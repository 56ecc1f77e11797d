// The storefront categories' names in its four languages, as the store shows them (store-app's common.json
// `category`): shoppers search and get suggestions in the words they read.
import { CATEGORY_FILTERS, type CategoryFilter } from './products.categories.ts';

export const SEARCH_LANGUAGES = ['en', 'bn', 'hi', 'es'] as const;
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

export const CATEGORY_NAMES: Record<SearchLanguage, Record<CategoryFilter, string>> = {
  en: {
    Electronics: 'Electronics',
    Fashion: 'Fashion',
    'Home & Kitchen': 'Home & Kitchen',
    Beauty: 'Beauty',
    Books: 'Books',
    Men: 'Men',
    Women: 'Women',
    Home: 'Home',
  },
  bn: {
    Electronics: 'ইলেকট্রনিক্স',
    Fashion: 'ফ্যাশন',
    'Home & Kitchen': 'হোম ও কিচেন',
    Beauty: 'বিউটি',
    Books: 'বই',
    Men: 'পুরুষ',
    Women: 'নারী',
    Home: 'হোম',
  },
  hi: {
    Electronics: 'इलेक्ट्रॉनिक्स',
    Fashion: 'फ़ैशन',
    'Home & Kitchen': 'घर और किचन',
    Beauty: 'ब्यूटी',
    Books: 'किताबें',
    Men: 'पुरुष',
    Women: 'महिलाएँ',
    Home: 'घर',
  },
  es: {
    Electronics: 'Electrónica',
    Fashion: 'Moda',
    'Home & Kitchen': 'Hogar y cocina',
    Beauty: 'Belleza',
    Books: 'Libros',
    Men: 'Hombre',
    Women: 'Mujer',
    Home: 'Hogar',
  },
};

/** Lower case, composed, one space between words: how names and searches are compared. */
export function folded(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The categories a search names in any language ("ইলেকট্রনিক্স", "electrónica"), by their whole name. */
export function categoriesNamed(q: string): CategoryFilter[] {
  const wanted = folded(q);
  if (!wanted) return [];
  return CATEGORY_FILTERS.filter((category) =>
    SEARCH_LANGUAGES.some((language) => folded(CATEGORY_NAMES[language][category]) === wanted),
  );
}
