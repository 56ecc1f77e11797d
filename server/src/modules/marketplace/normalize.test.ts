import { describe, expect, it } from 'vitest';
import { createFixtureMarketplace } from './fixture-marketplace.ts';
import type { AeProductResult } from './marketplace.types.ts';
import { MarketplaceError } from './marketplace-error.ts';
import { normalizeMarketplaceProduct, toMinorUnits } from './normalize.ts';

const PUBLIC_URL = 'https://shop.example.com';
const marketplace = createFixtureMarketplace({ publicUrl: PUBLIC_URL });

async function fixture(id: string): Promise<AeProductResult> {
  const result = await marketplace.getProduct(id, { country: 'BD', currency: 'BDT' });
  if (result === null) throw new Error(`fixture ${id} is missing`);
  return result;
}

describe('normalizeMarketplaceProduct on fixtures', () => {
  it('flattens the earbuds: SKUs, prices in cents, stock, properties, pictures', async () => {
    const raw = await fixture('1005006218437795');
    const product = normalizeMarketplaceProduct(raw);
    const rawSkus = raw.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o;

    expect(product.productId).toBe('1005006218437795');
    expect(product.title).toMatch(/^TWS Wireless Earbuds Bluetooth 5\.3/);
    expect(product.categoryId).toBe(63705);
    expect(product.currency).toBe('USD');
    expect(product.rating).toBe(4.8);
    expect(product.reviewCount).toBe(12841);
    expect(product.storeName).toBe('SOUNDPEATS Official Store');
    expect(product.skus).toHaveLength(6);
    expect(product.skus.map((s) => s.skuId)).toEqual(rawSkus.map((s) => s.sku_id));
    product.skus.forEach((sku, i) => {
      const source = rawSkus[i];
      expect(sku.salePriceMinor).toBe(Math.round(Number(source?.offer_sale_price) * 100));
      expect(sku.priceMinor).toBe(Math.round(Number(source?.sku_price) * 100));
      expect(Number.isInteger(sku.salePriceMinor)).toBe(true);
      expect(sku.salePriceMinor).toBeLessThan(sku.priceMinor);
      expect(sku.stock).toBe(source?.sku_available_stock);
      expect(sku.skuAttr).toBe(source?.sku_attr);
    });
    expect(product.properties).toContainEqual({ attr_name: 'Brand Name', attr_value: 'SOUNDPEATS' });
    expect(product.properties).toContainEqual({ attr_name: 'Bluetooth Version', attr_value: '5.3' });
    expect(product.images.length).toBeGreaterThanOrEqual(3);
    for (const image of product.images)
      expect(image).toMatch(/^https:\/\/shop\.example\.com\/media\/marketplace\/tws-earbuds-\d\.svg$/);
  });

  it('keeps the SKU properties and takes the colour picture as the SKU image', async () => {
    const product = normalizeMarketplaceProduct(await fixture('1005006084529133'));
    expect(product.skus).toHaveLength(12);
    const first = product.skus[0];
    expect(first?.image).toBe(`${PUBLIC_URL}/media/marketplace/magsafe-phone-case-sku-frosted-black.svg`);
    expect(first?.properties).toEqual([
      {
        sku_property_id: 14,
        sku_property_name: 'Color',
        sku_property_value: 'black',
        property_value_id: 193,
        property_value_definition_name: 'Frosted Black',
        sku_image: `${PUBLIC_URL}/media/marketplace/magsafe-phone-case-sku-frosted-black.svg`,
      },
      expect.objectContaining({
        sku_property_id: 5,
        sku_property_name: 'Size',
        sku_property_value: 'iPhone 14',
      }),
      {
        sku_property_id: 200007763,
        sku_property_name: 'Ships From',
        sku_property_value: 'China',
        property_value_id: 201336100,
      },
    ]);
  });

  it('reports zero stock for the sold-out bag', async () => {
    const product = normalizeMarketplaceProduct(await fixture('1005006918271140'));
    expect(product.skus.length).toBeGreaterThan(0);
    expect(product.skus.every((s) => s.stock === 0)).toBe(true);
  });

  it('sanitises the hostile descriptions and keeps their text and pictures', async () => {
    const scripted = normalizeMarketplaceProduct(await fixture('1005006218437795'));
    expect(scripted.descriptionHtml).not.toMatch(/<script|onerror|document\.cookie/i);
    expect(scripted.descriptionHtml).toContain('Package includes: charging case');
    expect(scripted.descriptionHtml).toContain(
      `<img src="${PUBLIC_URL}/media/marketplace/tws-earbuds-1.svg"`,
    );

    const framed = normalizeMarketplaceProduct(await fixture('1005006393018564'));
    expect(framed.descriptionHtml).not.toMatch(/<iframe|javascript:/i);
    expect(framed.descriptionHtml).toContain('Click for the installation video');
  });

  it('keeps the result as received in logText, its markup cleaned', async () => {
    const raw = await fixture('1005006574413289');
    const product = normalizeMarketplaceProduct(raw);
    const kept = JSON.parse(product.logText);
    expect({ ...kept, ae_item_base_info_dto: undefined }).toEqual({
      ...raw,
      ae_item_base_info_dto: undefined,
    });
    expect(kept.ae_item_base_info_dto.subject).toBe(raw.ae_item_base_info_dto.subject);
    // Staff screens show the record: its description and mobile description are cleaned like descriptionHtml.
    const hostileRaw = await fixture('1005006218437795');
    hostileRaw.ae_item_base_info_dto.mobile_detail = JSON.stringify({
      moduleList: [
        { html: { content: '<img src="https://a.test/1.jpg" onerror="alert(1)"><script>x()</script>' } },
      ],
    });
    const hostile = JSON.parse(normalizeMarketplaceProduct(hostileRaw).logText).ae_item_base_info_dto;
    expect(hostile.detail).not.toContain('<script>');
    expect(hostile.mobile_detail).not.toMatch(/onerror|script/);
    expect(hostile.mobile_detail).toContain('https://a.test/1.jpg');
  });
});

describe('normalizeMarketplaceProduct on a minimal answer', () => {
  const minimal = (price: string, list: string): AeProductResult => ({
    ae_item_base_info_dto: {
      product_id: 1005001234567890,
      subject: '  Plain mug  ',
      category_id: 0,
      currency_code: 'cny',
      avg_evaluation_rating: '',
      evaluation_count: '',
      detail: '<p>Mug</p>',
      mobile_detail: '{}',
    },
    ae_multimedia_info_dto: { image_urls: 'https://a.test/1.jpg; ;https://a.test/2.jpg;' },
    ae_item_sku_info_dtos: {
      ae_item_sku_info_d_t_o: [
        {
          sku_id: '1',
          sku_attr: '14:29#White',
          offer_sale_price: price,
          sku_price: list,
          sku_available_stock: -3,
          currency_code: 'eur',
        },
      ],
    },
  });

  it('uses the SKU currency, tidies the image list and reads missing numbers as zero', () => {
    const product = normalizeMarketplaceProduct(minimal('0.10', '19.99'));
    expect(product.title).toBe('Plain mug');
    expect(product.currency).toBe('EUR');
    expect(product.images).toEqual(['https://a.test/1.jpg', 'https://a.test/2.jpg']);
    expect(product.rating).toBe(0);
    expect(product.reviewCount).toBe(0);
    expect(product.categoryId).toBe(0);
    expect(product.properties).toEqual([]);
    expect(product.storeName).toBeUndefined();
    expect(product.skus[0]).toMatchObject({ salePriceMinor: 10, priceMinor: 1999, stock: 0, properties: [] });
    expect(product.skus[0]?.image).toBeUndefined();
  });

  it('refuses a SKU whose price is not a number', () => {
    expect(() => normalizeMarketplaceProduct(minimal('abc', '1.00'))).toThrow(MarketplaceError);
  });
});

describe('toMinorUnits', () => {
  it('turns decimal strings into whole cents without float drift', () => {
    expect(toMinorUnits('0.29')).toBe(29);
    expect(toMinorUnits('1.15')).toBe(115);
    expect(toMinorUnits('4.35')).toBe(435);
    expect(toMinorUnits('1234.50')).toBe(123450);
    expect(toMinorUnits(' 7 ')).toBe(700);
  });

  it('refuses negative or unreadable prices', () => {
    expect(() => toMinorUnits('-1.00')).toThrow(MarketplaceError);
    expect(() => toMinorUnits('')).toThrow(MarketplaceError);
  });
});
