// The few words the server-rendered pages carry besides the store's own content, in the storefront's four
// languages (the same wording as store-app/src/i18n/locales where the app says the same thing).

export const SEO_LANGUAGES = ['en', 'bn', 'hi', 'es'] as const;
export type SeoLanguage = (typeof SEO_LANGUAGES)[number];

/** The `Intl` locale each language formats money and dates with (as store-app/src/i18n/i18n.ts). */
export const LOCALES: Record<SeoLanguage, string> = { en: 'en-US', bn: 'bn-BD', hi: 'hi-IN', es: 'es-ES' };
/** Open Graph's `og:locale` per language. */
export const OG_LOCALES: Record<SeoLanguage, string> = { en: 'en_US', bn: 'bn_BD', hi: 'hi_IN', es: 'es_ES' };

/** The storefront's main categories, by their path slug (`/category/{slug}`). */
export const CATEGORY_SLUGS = {
  electronics: 'Electronics',
  fashion: 'Fashion',
  'home-kitchen': 'Home & Kitchen',
  beauty: 'Beauty',
  books: 'Books',
} as const;
export type CategorySlug = keyof typeof CATEGORY_SLUGS;
export type CategoryName = (typeof CATEGORY_SLUGS)[CategorySlug];

interface Texts {
  home: string;
  blog: string;
  inStock: string;
  outOfStock: string;
  notFound: string;
  notFoundText: string;
  gone: string;
  products: string;
  soldBy: string;
  categories: Record<CategoryName, string>;
}

export const TEXTS: Record<SeoLanguage, Texts> = {
  en: {
    home: 'Home',
    blog: 'Blog',
    inStock: 'In stock',
    outOfStock: 'Out of stock',
    notFound: 'Page not found',
    notFoundText: 'The page you are looking for does not exist.',
    gone: 'This product is no longer available.',
    products: 'Products',
    soldBy: 'Sold by',
    categories: {
      Electronics: 'Electronics',
      Fashion: 'Fashion',
      'Home & Kitchen': 'Home & Kitchen',
      Beauty: 'Beauty',
      Books: 'Books',
    },
  },
  bn: {
    home: 'হোম',
    blog: 'ব্লগ',
    inStock: 'স্টকে আছে',
    outOfStock: 'স্টকে নেই',
    notFound: 'পেজটি পাওয়া যায়নি',
    notFoundText: 'আপনি যে পেজটি খুঁজছেন সেটি নেই।',
    gone: 'এই পণ্যটি আর পাওয়া যায় না।',
    products: 'পণ্য',
    soldBy: 'বিক্রেতা',
    categories: {
      Electronics: 'ইলেকট্রনিক্স',
      Fashion: 'ফ্যাশন',
      'Home & Kitchen': 'হোম ও কিচেন',
      Beauty: 'বিউটি',
      Books: 'বই',
    },
  },
  hi: {
    home: 'होम',
    blog: 'ब्लॉग',
    inStock: 'स्टॉक में है',
    outOfStock: 'स्टॉक में नहीं है',
    notFound: 'पेज नहीं मिला',
    notFoundText: 'आप जो पेज ढूंढ रहे हैं, वह मौजूद नहीं है।',
    gone: 'यह प्रोडक्ट अब उपलब्ध नहीं है।',
    products: 'प्रोडक्ट',
    soldBy: 'विक्रेता',
    categories: {
      Electronics: 'इलेक्ट्रॉनिक्स',
      Fashion: 'फ़ैशन',
      'Home & Kitchen': 'घर और किचन',
      Beauty: 'ब्यूटी',
      Books: 'किताबें',
    },
  },
  es: {
    home: 'Inicio',
    blog: 'Blog',
    inStock: 'En stock',
    outOfStock: 'Agotado',
    notFound: 'Página no encontrada',
    notFoundText: 'La página que buscas no existe.',
    gone: 'Este producto ya no está disponible.',
    products: 'Productos',
    soldBy: 'Vendido por',
    categories: {
      Electronics: 'Electrónica',
      Fashion: 'Moda',
      'Home & Kitchen': 'Hogar y cocina',
      Beauty: 'Belleza',
      Books: 'Libros',
    },
  },
};

/** The slug of a category name ('Home & Kitchen' → 'home-kitchen'); null for a name that is not a main category. */
export function categorySlugOf(name: string | null | undefined): CategorySlug | null {
  const entry = Object.entries(CATEGORY_SLUGS).find(([, category]) => category === name);
  return entry ? (entry[0] as CategorySlug) : null;
}
