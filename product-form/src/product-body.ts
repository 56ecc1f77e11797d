import type { RequestBody, Schemas } from '@shop/sdk/types';
import type { z } from 'zod';
import { type BasicInfoValues, emptyBasicInfo, type ProductBasicInfo } from './basic-info.schema';
import type { MediaValues, mediaSchema } from './media.schema';
import { emptyPropertyRow, type PropertiesValues, type PropertySubmission } from './properties.schema';
import { skusFromVariants } from './variants';
import type { Variants } from './variants.schema';

export type ProductWriteBody = RequestBody<'createProduct'>;
export type ProductStatus = ProductWriteBody['status'];
type Sku = Schemas['Sku'];

/**
 * The parsed forms a product is saved from. Its SKUs come either as options and variants (products made in the
 * store) or as the marketplace's SKUs (imported products, whose property and value ids the marketplace owns).
 */
export type ProductFormOutput = {
  basicInfo: ProductBasicInfo;
  media: z.output<typeof mediaSchema>;
  properties: PropertySubmission[];
  skus: { variants: Variants } | { marketplace: Sku[] };
  seo?: Schemas['ProductSeo'] | undefined;
  labels?: Schemas['ProductLabels'] | undefined;
};

/** The body of createProduct and updateProduct (and of the vendor's createVendorProduct and updateVendorProduct). */
export function productWriteBody(output: ProductFormOutput, status: ProductStatus): ProductWriteBody {
  const currency = output.basicInfo.currency;
  return {
    title: output.basicInfo.productTitle,
    description: output.basicInfo.productDescription,
    categoryId: output.basicInfo.categoryId,
    currency,
    status,
    images: output.media.images,
    videoUrl: output.media.videoUrl,
    properties: output.properties.map(({ attr_name, attr_value }) => ({ attr_name, attr_value })),
    skus:
      'variants' in output.skus
        ? skusFromVariants(output.skus.variants.options, output.skus.variants.variants, currency)
        : output.skus.marketplace,
    ...(output.seo ? { seo: output.seo } : {}),
    ...(output.labels ? { labels: output.labels } : {}),
  };
}

const fileName = (url: string) => decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() ?? '') || url;

/** A saved product's pictures in the media form's shape, in gallery order. */
export function mediaFromDetail(product: Schemas['ProductDetail']): MediaValues {
  const images: MediaValues['images'] = product.media
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
  images.sort((a, b) => a.order - b.order);
  return { images, videoUrl: product.videoUrl ?? '' };
}

/** A saved product's title, category, currency and description in the basic information form's shape. */
export function basicInfoFromDetail(product: Schemas['ProductDetail']): BasicInfoValues {
  return {
    ...emptyBasicInfo,
    productTitle: product.name,
    categoryId: product.categoryId === null ? '' : String(product.categoryId),
    // `currency` is the display currency asked for; the SKUs keep the product's own.
    currency: product.skus[0]?.currency_code ?? product.currency,
    productDescription: product.description,
  };
}

/** A saved product's attributes as property rows (one empty row when it has none). */
export function propertiesFromDetail(product: Schemas['ProductDetail']): PropertiesValues {
  return {
    properties:
      product.property.length > 0
        ? product.property.map(({ attr_name, attr_value }) => ({ attr_name, attr_value }))
        : [emptyPropertyRow()],
  };
}
