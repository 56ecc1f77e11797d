import { describe, expect, it } from 'vitest';
import { productErrorField } from './server-errors';

describe('productErrorField', () => {
  it.each([
    ['/title', 'basicInfo', 'productTitle'],
    ['/description', 'basicInfo', 'productDescription'],
    ['/currency', 'basicInfo', 'currency'],
    ['/images/3/url', 'media', 'images'],
    ['/properties/1/attr_value', 'properties', 'properties.1.attr_value'],
    ['/properties', 'properties', 'properties'],
    ['/skus', 'variants', 'variants'],
    ['/skus/2/offer_sale_price', 'variants', 'variants.2.price'],
    ['/skus/2/sku_price', 'variants', 'variants.2.compareAtPrice'],
    ['/skus/0/sku_id', 'variants', 'variants.0.skuCode'],
    ['/skus/1/sku_available_stock', 'variants', 'variants.1.stock'],
    ['/skus/1/ae_sku_property_dtos/ae_sku_property_d_t_o/0/sku_image', 'variants', 'variants.1.image'],
    ['/labels/mainCategory', 'category', 'mainCategory'],
  ])('puts %s on %s.%s', (pointer, section, name) => {
    expect(productErrorField(pointer)).toEqual({ section, name });
  });

  it('answers null for what no field holds', () => {
    expect(productErrorField('/seo/slug')).toBeNull();
    expect(productErrorField('/labels/tags/0')).toBeNull();
  });
});
