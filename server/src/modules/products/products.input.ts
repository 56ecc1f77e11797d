import type { components } from '@shop/sdk/types';
import type { ProductMediaRecord } from '../../db/schema.ts';
import type { RequestBody } from '../../http/contract-types.ts';
import type { FieldError } from '../../http/errors.ts';
import { isHttpUrl, sanitizeProductHtml } from '../../lib/sanitize.ts';
import {
  type AeProductResult,
  type AeSku,
  type NormalizedProduct,
  normalizeMarketplaceProduct,
  toMinorUnits,
} from '../marketplace/index.ts';
import type { ProductEditorFields, SkuDetails } from './products.repository.ts';

// Turning what the screens send into what the catalogue stores, and the checks the contract's schema cannot
// express (prices as decimal text, unique SKU ids, the import form's rules of spec 1 §5).

export type ProductWriteRequest = RequestBody<'createProduct'>;
export type ImportRequest = RequestBody<'importMarketplaceProduct'>;
type Sku = components['schemas']['Sku'];
type ProductImage = components['schemas']['ProductImage'];

const PRICE = /^\d{1,9}(\.\d{1,2})?$/;
export const PRICE_MESSAGE = 'must be a price with at most two decimals, e.g. 18.99';

/** Field errors of a SKU list: prices, unique ids, picture addresses. */
export function skuErrors(skus: readonly Sku[], path: string): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  skus.forEach((sku, index) => {
    const at = `${path}/${index}`;
    const id = sku.sku_id.trim();
    if (id === '') errors.push({ path: `${at}/sku_id`, message: 'is required' });
    else if (seen.has(id)) errors.push({ path: `${at}/sku_id`, message: 'SKU ids must be unique.' });
    seen.add(id);
    for (const field of ['offer_sale_price', 'sku_price'] as const) {
      if (!PRICE.test(sku[field].trim())) errors.push({ path: `${at}/${field}`, message: PRICE_MESSAGE });
    }
    const bulk = sku.offer_bulk_sale_price?.trim();
    if (bulk && !PRICE.test(bulk))
      errors.push({ path: `${at}/offer_bulk_sale_price`, message: PRICE_MESSAGE });
    (sku.ae_sku_property_dtos?.ae_sku_property_d_t_o ?? []).forEach((property, p) => {
      if (property.sku_image && !isHttpUrl(property.sku_image)) {
        errors.push({
          path: `${at}/ae_sku_property_dtos/ae_sku_property_d_t_o/${p}/sku_image`,
          message: 'must be an http(s) address',
        });
      }
    });
  });
  return errors;
}

function details(sku: Sku): SkuDetails {
  const bulk = sku.offer_bulk_sale_price?.trim();
  return {
    bulkSalePriceMinor: bulk ? toMinorUnits(bulk) : null,
    bulkOrder: sku.sku_bulk_order ?? 0,
    priceIncludeTax: sku.price_include_tax ?? false,
    limitStrategy: sku.limit_strategy ?? 'create_order_fail',
  };
}

/** The SKU fields the normalised view leaves out, aligned with its SKUs. */
export function skuDetailsOf(skus: readonly Sku[]): SkuDetails[] {
  return skus.map(details);
}

function trimmedSku(sku: AeSku, currency?: string): AeSku {
  return {
    ...sku,
    sku_id: sku.sku_id.trim(),
    offer_sale_price: sku.offer_sale_price.trim(),
    sku_price: sku.sku_price.trim(),
    ...(currency ? { currency_code: currency } : {}),
  };
}

// ---- Manual products (the wizard and the editor) -------------------------------------------------------------

/** Pictures in gallery order with exactly one default (the marked one, else the first), renumbered from 0. */
export function orderedMedia(images: readonly ProductImage[]): {
  media: ProductMediaRecord[];
  urls: string[];
} {
  const sorted = images
    .map((image, index) => ({ image, index }))
    .sort((a, b) => (a.image.order ?? a.index) - (b.image.order ?? b.index) || a.index - b.index)
    .map(({ image }) => image);
  const defaultIndex = Math.max(
    0,
    sorted.findIndex((image) => image.isDefault === true),
  );
  const media = sorted.map((image, order) => ({
    url: image.url,
    name: image.name ?? '',
    size: image.size ?? 0,
    isDefault: order === defaultIndex,
    order,
  }));
  // The shopper's main picture is the default one; the rest keep their order.
  const main = media[defaultIndex];
  const urls = main ? [main.url, ...media.filter((_, i) => i !== defaultIndex).map((m) => m.url)] : [];
  return { media, urls };
}

export function writeRequestErrors(input: ProductWriteRequest): FieldError[] {
  const errors = skuErrors(input.skus ?? [], '/skus');
  if (input.status === 'published' && (input.skus ?? []).length === 0) {
    errors.push({ path: '/skus', message: 'A published product needs at least one SKU.' });
  }
  return errors;
}

export function editorFieldsOf(input: ProductWriteRequest): ProductEditorFields {
  const labels = input.labels ?? {};
  return {
    media: orderedMedia(input.images ?? []).media,
    videoUrl: input.videoUrl?.trim() || null,
    seo: input.seo ?? { index: true },
    labels: { ...labels, tags: [...new Set((labels.tags ?? []).map((tag) => tag.trim()).filter(Boolean))] },
  };
}

/**
 * The wizard's product in the marketplace record's shape (what `logText` holds for every product), built on the
 * product's earlier record when there is one so fields the form does not edit (ratings, store) survive.
 */
export function manualProduct(
  input: ProductWriteRequest,
  productCode: string,
  previous: Record<string, unknown> | null,
): NormalizedProduct {
  const currency = input.currency ?? 'USD';
  const { urls } = orderedMedia(input.images ?? []);
  const previousBase = (previous?.ae_item_base_info_dto ?? {}) as Partial<
    AeProductResult['ae_item_base_info_dto']
  >;
  const code = Number(productCode);
  const record: AeProductResult = {
    ...previous,
    ae_item_base_info_dto: {
      ...previousBase,
      product_id: Number.isSafeInteger(code) ? code : 0,
      subject: input.title.trim(),
      category_id: input.categoryId ?? 0,
      currency_code: currency,
      avg_evaluation_rating: previousBase.avg_evaluation_rating ?? '0',
      evaluation_count: previousBase.evaluation_count ?? '0',
      detail: sanitizeProductHtml(input.description ?? ''),
      mobile_detail: previousBase.mobile_detail ?? '',
    },
    ae_multimedia_info_dto: { image_urls: urls.join(';') },
    ae_item_properties: {
      ae_item_property: (input.properties ?? []).map((p, index) => ({
        attr_name_id: index + 1,
        attr_value_id: index + 1000,
        attr_name: p.attr_name.trim(),
        attr_value: p.attr_value.trim(),
      })),
    },
    ae_item_sku_info_dtos: {
      ae_item_sku_info_d_t_o: (input.skus ?? []).map((sku) => trimmedSku(sku, currency)),
    },
  };
  const normalized = normalizeMarketplaceProduct(record);
  return { ...normalized, productId: productCode, categoryId: input.categoryId ?? null, currency };
}

// ---- Marketplace imports -------------------------------------------------------------------------------------

/** The import form's rules (spec 1 §5) and the record's own consistency, as field errors. */
export function importErrors(marketplaceId: string, body: ImportRequest): FieldError[] {
  const errors: FieldError[] = [];
  const base = body.product.ae_item_base_info_dto;
  const at = '/product/ae_item_base_info_dto';
  if (String(base.product_id) !== marketplaceId) {
    errors.push({ path: `${at}/product_id`, message: 'must be the product id the address names' });
  }
  if (base.subject.trim() === '')
    errors.push({ path: `${at}/subject`, message: 'Product Title is required.' });
  const rating = base.avg_evaluation_rating?.trim();
  if (rating && !(/^\d+(\.\d+)?$/.test(rating) && Number(rating) <= 5)) {
    errors.push({
      path: `${at}/avg_evaluation_rating`,
      message: 'Average Rating must be a number between 0 and 5.',
    });
  }
  const reviews = base.evaluation_count?.trim();
  if (reviews && !/^\d+$/.test(reviews)) {
    errors.push({ path: `${at}/evaluation_count`, message: 'Review Count must be a non-negative integer.' });
  }
  const mobile = base.mobile_detail?.trim();
  if (mobile) {
    try {
      JSON.parse(mobile);
    } catch {
      errors.push({ path: `${at}/mobile_detail`, message: 'Mobile Description must be valid JSON.' });
    }
  }
  (body.product.ae_item_properties?.ae_item_property ?? []).forEach((p, index) => {
    if (p.attr_name.trim() === '' || p.attr_value.trim() === '') {
      errors.push({
        path: `/product/ae_item_properties/ae_item_property/${index}`,
        message: 'Please fill in all attribute names and values.',
      });
    }
  });
  const images = body.product.ae_multimedia_info_dto.image_urls.split(';').map((url) => url.trim());
  if (images.some((url) => url !== '' && !isHttpUrl(url))) {
    errors.push({ path: '/product/ae_multimedia_info_dto/image_urls', message: 'must be http(s) addresses' });
  }
  const skus = body.product.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o;
  errors.push(...skuErrors(skus, '/product/ae_item_sku_info_dtos/ae_item_sku_info_d_t_o'));
  const currencies = new Set(skus.map((sku) => sku.currency_code ?? 'USD'));
  if (currencies.size > 1) {
    errors.push({
      path: '/product/ae_item_sku_info_dtos/ae_item_sku_info_d_t_o',
      message: 'every SKU must be priced in the same currency',
    });
  }
  return errors;
}

/** The edited marketplace record as the catalogue stores it: trimmed, with the description sanitised. */
export function importedProduct(body: ImportRequest): NormalizedProduct {
  // The contract's record type marks a few marketplace fields optional that the adapter's type requires.
  const product = body.product as unknown as AeProductResult;
  const record: AeProductResult = {
    ...product,
    ae_item_base_info_dto: {
      ...product.ae_item_base_info_dto,
      subject: product.ae_item_base_info_dto.subject.trim(),
      detail: sanitizeProductHtml(product.ae_item_base_info_dto.detail ?? ''),
      avg_evaluation_rating: product.ae_item_base_info_dto.avg_evaluation_rating ?? '0',
      evaluation_count: product.ae_item_base_info_dto.evaluation_count ?? '0',
      mobile_detail: product.ae_item_base_info_dto.mobile_detail ?? '',
    },
    ae_item_sku_info_dtos: {
      ae_item_sku_info_d_t_o: product.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.map((sku) =>
        trimmedSku(sku),
      ),
    },
  };
  return normalizeMarketplaceProduct(record);
}
