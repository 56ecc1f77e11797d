import type { RequestBody, Schemas } from '@shop/sdk/types';
import type { z } from 'zod';
import { type BasicInfo, type BasicInfoValues, emptyBasicInfo } from '../schemas/basic-info.schema';
import { emptyLabels, type LabelsValues, type labelsSchema } from '../schemas/labels.schema';
import { emptyMedia, type MediaValues, type mediaSchema } from '../schemas/media.schema';
import {
  emptyPropertyRow,
  type PropertiesValues,
  type PropertySubmission,
} from '../schemas/properties.schema';
import { emptySeo, type SeoValues, type seoSchema } from '../schemas/seo.schema';
import { newSku, type SkusValues, type skusSchema, skuToValues } from '../schemas/skus.schema';

export type ProductWriteBody = RequestBody<'createProduct'>;
export type ProductStatus = ProductWriteBody['status'];

/** What the wizard and the editor start from: one value set per form. */
export type ProductFormDefaults = {
  basicInfo: BasicInfoValues;
  media: MediaValues;
  properties: PropertiesValues;
  skus: SkusValues;
  seo: SeoValues;
  labels: LabelsValues;
  status: ProductStatus;
};

/** The parsed output of every form, ready to send. */
export type ProductFormOutput = {
  basicInfo: BasicInfo;
  media: z.output<typeof mediaSchema>;
  properties: PropertySubmission[];
  skus: z.output<typeof skusSchema>['skus'];
  seo: z.output<typeof seoSchema>;
  labels: z.output<typeof labelsSchema>;
};

export function emptyProductForm(): ProductFormDefaults {
  return {
    basicInfo: emptyBasicInfo,
    media: emptyMedia,
    properties: { properties: [emptyPropertyRow()] },
    skus: { skus: [newSku()] },
    seo: emptySeo,
    labels: emptyLabels,
    // Spec 1 §2.12: Product Status starts as Draft.
    status: 'draft',
  };
}

const fileName = (url: string) => decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() ?? '') || url;

/** A saved product (getProduct, with a staff token) in the forms' shapes. */
export function productFormFromDetail(product: Schemas['ProductDetail']): ProductFormDefaults {
  const media: MediaValues['images'] = product.media
    ? product.media.map((image, index) => ({
        id: `${index}-${image.url}`,
        url: image.url,
        name: image.name ?? fileName(image.url),
        size: image.size,
        isDefault: image.isDefault,
        order: image.order ?? index,
      }))
    : product.images.map((url, index) => ({
        id: `${index}-${url}`,
        url,
        name: fileName(url),
        isDefault: index === 0,
        order: index,
      }));
  media.sort((a, b) => a.order - b.order);
  const skus = product.skus.map(skuToValues);
  return {
    basicInfo: {
      ...emptyBasicInfo,
      productTitle: product.name,
      categoryId: product.categoryId === null ? '' : String(product.categoryId),
      // `currency` is the display currency asked for; the SKUs keep the product's own.
      currency: product.skus[0]?.currency_code ?? product.currency,
      productDescription: product.description,
    },
    media: { images: media, videoUrl: product.videoUrl ?? '' },
    properties: {
      properties:
        product.property.length > 0
          ? product.property.map(({ attr_name, attr_value }) => ({ attr_name, attr_value }))
          : [emptyPropertyRow()],
    },
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

/** The body of createProduct and updateProduct. */
export function productWriteBody(output: ProductFormOutput, status: ProductStatus): ProductWriteBody {
  return {
    title: output.basicInfo.productTitle,
    description: output.basicInfo.productDescription,
    categoryId: output.basicInfo.categoryId,
    currency: output.basicInfo.currency,
    status,
    images: output.media.images,
    videoUrl: output.media.videoUrl,
    properties: output.properties.map(({ attr_name, attr_value }) => ({ attr_name, attr_value })),
    skus: output.skus,
    seo: output.seo,
    labels: output.labels,
  };
}
