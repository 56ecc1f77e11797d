import { MAIN_CATEGORIES, type MainCategory } from '@shop/product-form/categories';

// Words in a title that point at a storefront category. Whole words only, singular and plural.
const KEYWORDS: Record<MainCategory, string[]> = {
  Electronics: [
    'phone',
    'smartphone',
    'earbud',
    'earphone',
    'headphone',
    'headset',
    'bluetooth',
    'wireless',
    'charger',
    'cable',
    'usb',
    'speaker',
    'camera',
    'laptop',
    'tablet',
    'smartwatch',
    'keyboard',
    'mouse',
    'monitor',
    'led',
    'power bank',
    'adapter',
    'drone',
    'console',
    'electronic',
  ],
  Fashion: [
    'shirt',
    't-shirt',
    'dress',
    'jacket',
    'coat',
    'hoodie',
    'sweater',
    'jeans',
    'pants',
    'skirt',
    'shoe',
    'sneaker',
    'boot',
    'sandal',
    'bag',
    'handbag',
    'tote',
    'backpack',
    'wallet',
    'hat',
    'cap',
    'scarf',
    'belt',
    'sunglasses',
    'jewelry',
    'necklace',
    'bracelet',
    'ring',
    'earring',
    'watch',
    'sock',
    'fashion',
  ],
  'Home & Kitchen': [
    'kitchen',
    'cookware',
    'pan',
    'pot',
    'knife',
    'mug',
    'cup',
    'bottle',
    'plate',
    'bowl',
    'lamp',
    'pillow',
    'blanket',
    'towel',
    'curtain',
    'rug',
    'storage',
    'organizer',
    'shelf',
    'furniture',
    'bedding',
    'candle',
    'vase',
    'home',
    'cleaning',
    'mop',
  ],
  Beauty: [
    'lipstick',
    'makeup',
    'mascara',
    'eyeliner',
    'foundation',
    'serum',
    'cream',
    'lotion',
    'skincare',
    'skin',
    'perfume',
    'fragrance',
    'nail',
    'hair',
    'shampoo',
    'beauty',
    'cosmetic',
    'brush',
    'mask',
  ],
  Books: ['book', 'novel', 'paperback', 'hardcover', 'edition', 'guide', 'cookbook', 'textbook', 'comic'],
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * 'Auto-Assign Category': the storefront category whose keywords the title mentions most, or null when it
 * mentions none. Ties go to the category listed first.
 */
export function categoryFromTitle(title: string): MainCategory | null {
  const text = title.toLowerCase();
  let best: { category: MainCategory; hits: number } | null = null;
  for (const category of MAIN_CATEGORIES) {
    const hits = KEYWORDS[category].filter((word) =>
      new RegExp(`\\b${escapeRegExp(word)}(e?s)?\\b`).test(text),
    ).length;
    if (hits > 0 && (!best || hits > best.hits)) best = { category, hits };
  }
  return best?.category ?? null;
}
