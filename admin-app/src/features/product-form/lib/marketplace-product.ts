import type { BasicInfo, BasicInfoValues } from '@shop/product-form/basic-info.schema';
import {
  emptyPropertyRow,
  type PropertiesValues,
  type PropertySubmission,
} from '@shop/product-form/properties.schema';
import { newSku, type SkusValues, type skusSchema, skuToValues } from '@shop/product-form/skus.schema';
import type { Schemas } from '@shop/sdk/types';
import type { z } from 'zod';

type AeProductResult = Schemas['AeProductResult'];

/** The import screen's three forms, filled from the marketplace's result. */
export function marketplaceFormValues(result: AeProductResult) {
  const base = result.ae_item_base_info_dto;
  const basicInfo: BasicInfoValues = {
    productTitle: base.subject,
    averageRating: base.avg_evaluation_rating ?? '',
    reviewCount: base.evaluation_count ?? '',
    categoryId: String(base.category_id),
    currency: base.currency_code,
    productDescription: base.detail ?? '',
    mobileDescription: base.mobile_detail ?? '',
  };
  const rows = (result.ae_item_properties?.ae_item_property ?? []).map(({ attr_name, attr_value }) => ({
    attr_name,
    attr_value,
  }));
  const properties: PropertiesValues = { properties: rows.length > 0 ? rows : [emptyPropertyRow()] };
  const skuList = result.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.map(skuToValues);
  const skus: SkusValues = { skus: skuList.length > 0 ? skuList : [newSku()] };
  return { basicInfo, properties, skus };
}

/** The marketplace result with the staff member's edits applied: what 'Import to Catalog' saves. */
export function editedMarketplaceResult(
  result: AeProductResult,
  basicInfo: BasicInfo,
  properties: PropertySubmission[],
  skus: z.output<typeof skusSchema>['skus'],
): AeProductResult {
  return {
    ...result,
    ae_item_base_info_dto: {
      ...result.ae_item_base_info_dto,
      subject: basicInfo.productTitle,
      avg_evaluation_rating:
        basicInfo.averageRating === undefined ? undefined : String(basicInfo.averageRating),
      evaluation_count: basicInfo.reviewCount === undefined ? undefined : String(basicInfo.reviewCount),
      category_id: basicInfo.categoryId,
      currency_code: basicInfo.currency,
      detail: basicInfo.productDescription,
      mobile_detail: basicInfo.mobileDescription,
    },
    ae_item_properties: { ae_item_property: properties },
    ae_item_sku_info_dtos: { ae_item_sku_info_d_t_o: skus },
  };
}
