import type { banners, blogPosts } from '../schema.ts';

type SeedBanner = Omit<typeof banners.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * The home page's hero slides and promo tiles as the storefront showed them before staff could change them, in
 * its four languages. The gradients are dark enough behind white text for 4.5:1; the tiles use Mantine's light
 * tints, which follow the colour scheme. `{freeShippingAbove}` is the configured threshold in the shopper's currency.
 */
export const SEED_BANNERS: SeedBanner[] = [
  {
    placement: 'hero',
    position: 0,
    title: {
      en: 'Top picks, delivered worldwide',
      bn: 'সেরা পণ্য, বিশ্বজুড়ে ডেলিভারি',
      es: 'Lo más destacado, con envío a todo el mundo',
      hi: 'टॉप पिक्स, दुनिया भर में डिलीवरी',
    },
    text: {
      en: 'We deliver to 40+ countries, priced in your currency.',
      bn: '৪০টিরও বেশি দেশে ডেলিভারি, দাম আপনার মুদ্রায়।',
      es: 'Enviamos a más de 40 países, con precios en tu moneda.',
      hi: '40+ देशों में डिलीवरी, कीमतें आपकी करेंसी में।',
    },
    background: 'linear-gradient(120deg, #1864ab, #0b7285)',
  },
  {
    placement: 'hero',
    position: 1,
    title: {
      en: 'New arrivals every week',
      bn: 'প্রতি সপ্তাহে নতুন পণ্য',
      es: 'Novedades cada semana',
      hi: 'हर हफ़्ते नए प्रोडक्ट',
    },
    text: {
      en: 'Fresh gadgets, fashion and home finds from trusted suppliers.',
      bn: 'বিশ্বস্ত সাপ্লায়ারদের কাছ থেকে নতুন গ্যাজেট, ফ্যাশন আর ঘরের জিনিস।',
      es: 'Gadgets, moda y artículos para el hogar de proveedores de confianza.',
      hi: 'भरोसेमंद सप्लायर्स से नए गैजेट, फ़ैशन और घर का सामान।',
    },
    background: 'linear-gradient(120deg, #5f3dc4, #a61e4d)',
  },
  {
    placement: 'hero',
    position: 2,
    title: {
      en: 'Deals that ship free',
      bn: 'ফ্রি শিপিংয়ের অফার',
      es: 'Ofertas con envío gratis',
      hi: 'फ़्री शिपिंग वाली डील्स',
    },
    text: {
      en: 'Free shipping on orders over {freeShippingAbove}, and a 7-day return window.',
      bn: '{freeShippingAbove}-এর বেশি অর্ডারে ফ্রি শিপিং, সাথে ৭ দিনের রিটার্ন সুবিধা।',
      es: 'Envío gratis en pedidos de más de {freeShippingAbove} y 7 días para devolver.',
      hi: '{freeShippingAbove} से ज़्यादा के ऑर्डर पर फ़्री शिपिंग, और 7 दिन में रिटर्न।',
    },
    background: 'linear-gradient(120deg, #c92a2a, #a33a06)',
  },
  {
    placement: 'promo',
    position: 0,
    title: { en: 'Free Shipping', bn: 'ফ্রি শিপিং', es: 'Envío gratis', hi: 'फ़्री शिपिंग' },
    text: {
      en: 'On orders over {freeShippingAbove}.',
      bn: '{freeShippingAbove}-এর বেশি অর্ডারে।',
      es: 'En pedidos de más de {freeShippingAbove}.',
      hi: '{freeShippingAbove} से ज़्यादा के ऑर्डर पर।',
    },
    background: 'var(--mantine-color-teal-light)',
  },
  {
    placement: 'promo',
    position: 1,
    title: { en: 'Easy Returns', bn: 'সহজ রিটার্ন', es: 'Devoluciones fáciles', hi: 'आसान रिटर्न' },
    text: {
      en: '7 calendar days to change your mind.',
      bn: 'মত বদলালে ৭ দিনের মধ্যে ফেরত দিন।',
      es: '7 días naturales para cambiar de opinión.',
      hi: 'मन बदले तो 7 दिन में लौटाएँ।',
    },
    background: 'var(--mantine-color-grape-light)',
  },
];

type SeedPost = Omit<typeof blogPosts.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'publishedAt'> & {
  /** Published this many days before the seed's "now"; absent for a draft. */
  daysAgo?: number;
};

/** One published post for the storefront blog and one draft for the back office's list. */
export const SEED_POSTS: SeedPost[] = [
  {
    slug: 'how-we-pick-our-suppliers',
    title: 'How we pick our suppliers',
    excerpt: 'Five checks every product passes before it reaches the store.',
    bodyHtml:
      '<p>Every product in the store comes from a supplier we have checked. Before a product is listed we look at:</p>' +
      '<ol><li>the supplier’s rating and how long they have been selling;</li>' +
      '<li>reviews that mention the product’s quality, not only its delivery;</li>' +
      '<li>whether the pictures match what arrives;</li>' +
      '<li>how quickly orders are handed to the courier;</li>' +
      '<li>how the supplier answers a dispute.</li></ol>' +
      '<p>A supplier that slips on any of these loses its place in <strong>Top Picks</strong>.</p>',
    status: 'published',
    authorName: 'Store Admin',
    daysAgo: 6,
  },
  {
    slug: 'gift-guide',
    title: 'Gift guide: ten ideas under 25',
    excerpt: 'Small presents that travel well.',
    bodyHtml: '<p>Draft: pick ten products from the catalogue.</p>',
    status: 'draft',
    authorName: 'Store Admin',
  },
];
