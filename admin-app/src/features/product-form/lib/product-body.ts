import { type BasicInfoValues, emptyBasicInfo } from '@shop/product-form/basic-info.schema';
import { emptyMedia, type MediaValues } from '@shop/product-form/media.schema';
import {
  basicInfoFromDetail,
  mediaFromDetail,
  type ProductStatus,
  propertiesFromDetail,
} from '@shop/product-form/product-body';
import { emptyPropertyRow, type PropertiesValues } from '@shop/product-form/properties.schema';
import { emptySeo, type SeoValues } from '@shop/product-form/seo.schema';
import { newSku, type SkusValues, skuToValues } from '@shop/product-form/skus.schema';
import { variantsFromSkus } from '@shop/product-form/variants';
import { emptyVariants, type VariantsValues } from '@shop/product-form/variants.schema';
import type { Schemas } from '@shop/sdk/types';
import { emptyLabels, type LabelsValues } from '../schemas/labels.schema';

/**
 * How the SKU step edits SKUs: options and variants by name (products made in the store), or the marketplace's
 * SKUs with their property and value ids (imported products, which the marketplace knows by those ids).
 */
export type SkuMode = 'variants' | 'marketplace';

/** What the wizard and the editor start from: one value set per form. */
export type ProductFormDefaults = {
  basicInfo: BasicInfoValues;
  media: MediaValues;
  properties: PropertiesValues;
  skuMode: SkuMode;
  variants: VariantsValues;
  skus: SkusValues;
  seo: SeoValues;
  labels: LabelsValues;
  status: ProductStatus;
};

export function emptyProductForm(): ProductFormDefaults {
  return {
    basicInfo: emptyBasicInfo,
    media: emptyMedia,
    properties: { properties: [emptyPropertyRow()] },
    skuMode: 'variants',
    variants: emptyVariants(),
    skus: { skus: [newSku()] },
    seo: emptySeo,
    labels: emptyLabels,
    // Spec 1 §2.12: Product Status starts as Draft.
    status: 'draft',
  };
}

/** A saved product (getProduct, with a staff token) in the forms' shapes. */
export function productFormFromDetail(product: Schemas['ProductDetail']): ProductFormDefaults {
  const skus = product.skus.map(skuToValues);
  return {
    basicInfo: basicInfoFromDetail(product),
    media: mediaFromDetail(product),
    properties: propertiesFromDetail(product),
    skuMode: product.source === 'aliexpress' ? 'marketplace' : 'variants',
    variants: variantsFromSkus(product.skus, product.name),
    skus: { skus: skus.length > 0 ? skus : [newSku()] },
    seo: { ...emptySeo, ...product.seo },
    labels: {
      tags: product.labels?.tags ?? [],
      mainCategory: product.labels?.mainCategory ?? null,
      subcategory: product.labels?.subcategory ?? '',
      labelName: product.labels?.labelName ?? '',
      labelColor: product.labels?.labelColor ?? '',
      flashSaleAt: product.labels?.flashSaleAt ?? null,
    },
    // Out of stock follows from the SKUs' stock; the product itself stays published.
    status: product.status === 'out_of_stock' ? 'published' : product.status,
  };
}
