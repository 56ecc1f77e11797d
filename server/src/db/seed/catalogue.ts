import {
  createFixtureMarketplace,
  fixtureProductIds,
} from '../../modules/marketplace/fixture-marketplace.ts';
import type { AeProductResult } from '../../modules/marketplace/marketplace.types.ts';
import { type NormalizedProduct, normalizeMarketplaceProduct } from '../../modules/marketplace/normalize.ts';
import type { CatalogueFields } from '../../modules/products/products.repository.ts';
import type { stores } from '../schema.ts';

export type StoreKey = 'soundpeats' | 'ugreen' | 'dhakaCraft' | 'bengalHome';

/** A store with a sign-in has a password: the demo vendor signs in to the vendor panel with it. */
export const STORES: Record<StoreKey, typeof stores.$inferInsert & { password?: string }> = {
  soundpeats: {
    name: 'SOUNDPEATS Official Store',
    email: 'soundpeats@stores.example.com',
    country: 'CN',
    marketplaceStoreId: '1104988753',
    kind: 'marketplace',
    description: 'Wireless earbuds and speakers, shipped from the brand’s own warehouse.',
  },
  ugreen: {
    name: 'UGREEN Official Store',
    email: 'ugreen@stores.example.com',
    country: 'CN',
    marketplaceStoreId: '1104297357',
    kind: 'marketplace',
    description: 'Chargers, hubs and cables.',
  },
  dhakaCraft: {
    name: 'Dhaka Craft House',
    email: 'hello@dhakacraft.example.com',
    phone: '+8801911223344',
    country: 'BD',
    kind: 'factory',
    description: 'Handmade leather goods and accessories from Old Dhaka workshops.',
  },
  bengalHome: {
    name: 'Bengal Home Goods',
    email: 'sales@bengalhome.example.com',
    phone: '+8801811556677',
    country: 'BD',
    kind: 'vendor',
    address: 'Plot 14, Tejgaon Industrial Area, Dhaka 1208',
    password: 'vendor12345',
    description: 'Home and bath essentials made in Bangladesh.',
  },
};

/** Which store sells an imported item (by marketplace id); the other imports have no store here. */
const IMPORTED_STORE: Record<string, StoreKey> = {
  '1005006218437795': 'soundpeats',
  '1005006521764410': 'ugreen',
};

type Status = CatalogueFields['status'];

/** Imported items whose catalogue status is not `published`. */
const IMPORTED_STATUS: Record<string, Status> = {
  '1005006660128493': 'draft',
  '1005006998143027': 'draft',
  '1005006904521873': 'disabled',
  // Every SKU of this one is sold out in the fixture already.
  '1005006918271140': 'out_of_stock',
  '1005006348901726': 'out_of_stock',
};

interface LocalDefinition {
  /** The fixture item the variant is modelled on (pictures, options). */
  base: string;
  /** The product code (stored as the product id). */
  code: number;
  source: 'manual' | 'vendor';
  status: Status;
  title: string;
  description: string;
  /** Multiplies the base item's prices. */
  priceFactor: number;
  store?: StoreKey;
  tags: string[];
}

/** Products the store and its vendors list themselves; left out of the imports so the import screen has items to fetch. */
const LOCAL_PRODUCTS: LocalDefinition[] = [
  {
    base: '1005006303657842',
    code: 90000001001,
    source: 'manual',
    status: 'published',
    title: 'Shop Originals Heavyweight Cotton Hoodie',
    description:
      '<p>Our own 400 gsm brushed-fleece hoodie, cut roomy and finished with a double-lined hood.</p>',
    priceFactor: 1.2,
    tags: ['hoodie', 'originals', 'cotton'],
  },
  {
    base: '1005006427609315',
    code: 90000001002,
    source: 'manual',
    status: 'published',
    title: 'Shop Originals A5 Dotted Notebook, 160 Pages',
    description:
      '<p>Thick 120 gsm paper that takes fountain pens without bleed-through. Lay-flat binding.</p>',
    priceFactor: 1.1,
    tags: ['stationery', 'originals'],
  },
  {
    base: '1005006372915468',
    code: 90000001003,
    source: 'manual',
    status: 'published',
    title: 'JLPT N5-N4 Kanji Flash Cards, 300 Cards',
    description: '<p>Readings, stroke order and two example words on every card.</p>',
    priceFactor: 1,
    tags: ['books', 'japanese', 'study'],
  },
  {
    base: '1005006632847105',
    code: 90000001004,
    source: 'manual',
    status: 'draft',
    title: 'Barista French Press Coffee Maker 1 L',
    description: '<p>Borosilicate glass with a four-layer stainless filter. Draft: photos being retaken.</p>',
    priceFactor: 1.15,
    tags: ['kitchen', 'coffee'],
  },
  {
    base: '1005006209875364',
    code: 90000002001,
    source: 'vendor',
    status: 'published',
    title: 'Handmade Full-Grain Leather Belt',
    description: '<p>Cut and stitched by hand in Old Dhaka from vegetable-tanned full-grain leather.</p>',
    priceFactor: 1.6,
    store: 'dhakaCraft',
    tags: ['leather', 'handmade', 'accessories'],
  },
  {
    base: '1005006264390851',
    code: 90000002002,
    source: 'vendor',
    status: 'disabled',
    title: 'Hand-painted Claw Hair Clips, Set of 6',
    description: '<p>Each clip painted by hand. Disabled while the vendor restocks paint colours.</p>',
    priceFactor: 1.4,
    store: 'dhakaCraft',
    tags: ['hair', 'handmade'],
  },
  {
    base: '1005006773412586',
    code: 90000002003,
    source: 'vendor',
    status: 'published',
    title: 'Mango Wood Aroma Diffuser 300 ml',
    description: '<p>Ultrasonic diffuser in a turned mango-wood shell with seven light colours.</p>',
    priceFactor: 1.3,
    store: 'bengalHome',
    tags: ['home', 'fragrance'],
  },
  {
    base: '1005006827613940',
    code: 90000002004,
    source: 'vendor',
    status: 'out_of_stock',
    title: 'Quick-Dry Diatomite Bath Mat',
    description: '<p>Soaks up a wet footprint in seconds and dries itself. Back in stock soon.</p>',
    priceFactor: 1.25,
    store: 'bengalHome',
    tags: ['bath', 'home'],
  },
];

export interface SeedProduct {
  /** The marketplace id or product code, used by the rest of the seed to refer to it. */
  key: string;
  normalized: NormalizedProduct;
  fields: Omit<CatalogueFields, 'storeId'> & { store?: StoreKey };
}

function scale(price: string, factor: number): string {
  return (Math.round(Number(price) * factor * 100) / 100).toFixed(2);
}

function localVariant(base: AeProductResult, def: LocalDefinition): AeProductResult {
  const skus = base.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.map((sku, index) => ({
    ...sku,
    sku_id: `${def.code}${String(index + 1).padStart(2, '0')}`,
    offer_sale_price: scale(sku.offer_sale_price, def.priceFactor),
    sku_price: scale(sku.sku_price, def.priceFactor),
    ...(sku.offer_bulk_sale_price
      ? { offer_bulk_sale_price: scale(sku.offer_bulk_sale_price, def.priceFactor) }
      : {}),
    sku_available_stock: def.status === 'out_of_stock' ? 0 : Math.ceil(sku.sku_available_stock / 10),
  }));
  const { ae_store_info: _marketplaceStore, ...rest } = base;
  return {
    ...rest,
    ae_item_base_info_dto: {
      ...base.ae_item_base_info_dto,
      product_id: def.code,
      subject: def.title,
      detail: def.description,
      evaluation_count: '0',
      avg_evaluation_rating: '0',
    },
    ae_item_sku_info_dtos: { ae_item_sku_info_d_t_o: skus },
  };
}

/** A record from before the catalogue stored marketplace JSON properly: its text does not parse. */
function legacyProduct(): NormalizedProduct {
  return {
    productId: '90000001999',
    title: 'Legacy import: Bamboo Cutting Board (record damaged)',
    descriptionHtml: '',
    categoryId: null,
    currency: 'USD',
    images: [],
    rating: 0,
    reviewCount: 0,
    properties: [],
    skus: [],
    logText: '{"ae_item_base_info_dto":{"subject":"Bamboo Cutting Board","product_id":900000019',
  };
}

/**
 * The demo catalogue: fixture items imported as they are, and manual and vendor products modelled on the
 * remaining fixture items, every status represented.
 */
export async function buildSeedCatalogue(publicUrl: string): Promise<SeedProduct[]> {
  const marketplace = createFixtureMarketplace({ publicUrl });
  const localBases = new Set(LOCAL_PRODUCTS.map((def) => def.base));
  const seed: SeedProduct[] = [];

  for (const id of fixtureProductIds()) {
    if (localBases.has(id)) continue;
    const result = await marketplace.getProduct(id, { country: 'BD', currency: 'USD' });
    if (!result) continue;
    const status = IMPORTED_STATUS[id] ?? 'published';
    const normalized = normalizeMarketplaceProduct(result);
    if (status === 'out_of_stock') normalized.skus = normalized.skus.map((sku) => ({ ...sku, stock: 0 }));
    const store = IMPORTED_STORE[id];
    seed.push({
      key: id,
      normalized,
      fields: {
        source: 'aliexpress',
        status,
        salesCount: Number.parseInt(result.ae_item_base_info_dto.sales_count ?? '0', 10) || 0,
        ...(store ? { store } : {}),
      },
    });
  }

  for (const def of LOCAL_PRODUCTS) {
    const base = await marketplace.getProduct(def.base, { country: 'BD', currency: 'USD' });
    if (!base) throw new Error(`fixture ${def.base} is missing`);
    seed.push({
      key: String(def.code),
      normalized: normalizeMarketplaceProduct(localVariant(base, def)),
      fields: {
        source: def.source,
        status: def.status,
        tags: def.tags,
        ...(def.store ? { store: def.store } : {}),
      },
    });
  }

  seed.push({
    key: '90000001999',
    normalized: legacyProduct(),
    fields: { source: 'manual', status: 'draft' },
  });
  return seed;
}
