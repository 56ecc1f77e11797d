import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFixtureMarketplace, FIXTURE_IMAGES_DIR, fixtureProductIds } from './fixture-marketplace.ts';
import type { AeProductResult, DeliveryOption } from './marketplace.types.ts';
import { MarketplaceError } from './marketplace-error.ts';

const PUBLIC_URL = 'http://localhost:3000';
const marketplace = createFixtureMarketplace({
  publicUrl: `${PUBLIC_URL}/`,
  now: () => new Date(Date.UTC(2026, 10, 25)),
});

const EARBUDS = '1005006218437795';
const PHONE_CASE = '1005006084529133';
const CROSSBODY_BAG = '1005006918271140';
const POWER_BANK = '1005006174306628';
const DESK_LAMP = '1005006540927381';

async function product(id: string, country = 'BD'): Promise<AeProductResult> {
  const result = await marketplace.getProduct(id, { country, currency: 'BDT' });
  if (result === null) throw new Error(`fixture ${id} is missing`);
  return result;
}

function skus(result: AeProductResult) {
  return result.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o;
}

function shipsFrom(result: AeProductResult, warehouseValueId: number) {
  const sku = skus(result).find((s) =>
    s.ae_sku_property_dtos?.ae_sku_property_d_t_o.some(
      (p) => p.sku_property_id === 200007763 && p.property_value_id === warehouseValueId,
    ),
  );
  if (sku === undefined) throw new Error('no SKU ships from there');
  return sku;
}

const fee = (option: DeliveryOption | undefined) => Number(option?.shipping_fee_cent);

describe('the bundled catalogue', () => {
  it('holds at least 30 products with 16-digit marketplace ids', () => {
    const ids = fixtureProductIds();
    expect(ids.length).toBeGreaterThanOrEqual(30);
    for (const id of ids) expect(id).toMatch(/^1005006\d{9}$/);
  });

  it('gives every product 2 to 12 SKUs and its pictures as files', async () => {
    for (const id of fixtureProductIds()) {
      const result = await product(id);
      expect(skus(result).length, id).toBeGreaterThanOrEqual(2);
      expect(skus(result).length, id).toBeLessThanOrEqual(12);
      const images = result.ae_multimedia_info_dto.image_urls.split(';');
      expect(images.length, id).toBeGreaterThanOrEqual(3);
      for (const url of images) {
        expect(url.startsWith(`${PUBLIC_URL}/media/marketplace/`), url).toBe(true);
        const file = url.slice(`${PUBLIC_URL}/media/marketplace/`.length);
        expect(readFileSync(join(FIXTURE_IMAGES_DIR, file), 'utf8')).toMatch(/^<svg /);
      }
    }
  });

  it('has out-of-stock SKUs, and one product with none in stock', async () => {
    const bag = await product(CROSSBODY_BAG);
    expect(skus(bag).every((s) => s.sku_available_stock === 0)).toBe(true);
    const earbuds = await product(EARBUDS);
    expect(skus(earbuds).some((s) => s.sku_available_stock > 0)).toBe(true);
    let soldOutSkus = 0;
    for (const id of fixtureProductIds()) {
      if (id !== CROSSBODY_BAG)
        soldOutSkus += skus(await product(id)).filter((s) => s.sku_available_stock === 0).length;
    }
    expect(soldOutSkus).toBeGreaterThan(0);
  });
});

describe('createFixtureMarketplace().getProduct', () => {
  it('returns null for an id that is not in the catalogue, including path tricks', async () => {
    expect(await marketplace.getProduct('1005000000000000', { country: 'BD', currency: 'BDT' })).toBeNull();
    expect(
      await marketplace.getProduct('../products/1005006218437795', { country: 'BD', currency: 'BDT' }),
    ).toBeNull();
  });

  it('answers in the marketplace shape, prices unconverted, with the country it was asked for', async () => {
    const result = await product(EARBUDS, 'gb');
    expect(result.ae_item_base_info_dto.product_id).toBe(Number(EARBUDS));
    expect(result.logistics_info_dto?.ship_to_country).toBe('GB');
    const first = skus(result)[0];
    expect(first?.currency_code).toBe('USD');
    expect(first?.offer_sale_price).toMatch(/^\d+\.\d{2}$/);
    expect(first?.sku_attr).toMatch(/^14:193#Midnight Black;200007763:201336100$/);
    expect(JSON.stringify(result)).not.toContain('{{PUBLIC_URL}}');
  });

  it('hands out copies, so a caller editing one does not change the next answer', async () => {
    const first = await product(EARBUDS);
    first.ae_item_base_info_dto.subject = 'changed';
    expect((await product(EARBUDS)).ae_item_base_info_dto.subject).not.toBe('changed');
  });
});

describe('createFixtureMarketplace().getDeliveryOptions', () => {
  it('offers free and paid options for a light parcel from China, cheapest first', async () => {
    const sku = skus(await product(PHONE_CASE))[0];
    const options = await marketplace.getDeliveryOptions({
      productId: PHONE_CASE,
      skuId: sku?.sku_id ?? '',
      country: 'BD',
      quantity: 1,
      currency: 'BDT',
    });
    expect(options.map((o) => o.company)).toEqual([
      'Cainiao Super Economy Global',
      'AliExpress Standard Shipping',
      'DHL',
    ]);
    expect(options[0]).toMatchObject({
      free_shipping: true,
      shipping_fee_cent: '0.00',
      ship_from_country: 'CN',
      tracking: false,
    });
    expect(options.slice(1).every((o) => !o.free_shipping && fee(o) > 0)).toBe(true);
    for (const option of options) {
      expect(option.min_delivery_days).toBeLessThanOrEqual(option.max_delivery_days);
      expect(option.delivery_date_desc).toMatch(/^[A-Z][a-z]{2} \d{1,2} - ([A-Z][a-z]{2} )?\d{1,2}$/);
    }
  });

  it('charges more as the quantity grows, and drops free shipping for a heavier parcel', async () => {
    const sku = skus(await product(PHONE_CASE))[0];
    const ask = (quantity: number) =>
      marketplace.getDeliveryOptions({
        productId: PHONE_CASE,
        skuId: sku?.sku_id ?? '',
        country: 'BD',
        quantity,
        currency: 'BDT',
      });
    const one = await ask(1);
    const ten = await ask(10);
    const standard = (options: DeliveryOption[]) => options.find((o) => o.code === 'CAINIAO_STANDARD');
    expect(fee(standard(ten))).toBeGreaterThan(fee(standard(one)));
    expect(fee(ten.find((o) => o.code === 'DHL'))).toBeGreaterThan(fee(one.find((o) => o.code === 'DHL')));
    expect(ten.find((o) => o.code === 'CAINIAO_SUPER_ECONOMY')?.free_shipping).toBe(false);
  });

  it('offers Local Delivery for a SKU in the US warehouse shipped within the US', async () => {
    const lamp = await product(DESK_LAMP);
    const sku = shipsFrom(lamp, 201336106);
    const options = await marketplace.getDeliveryOptions({
      productId: DESK_LAMP,
      skuId: sku.sku_id,
      country: 'US',
      quantity: 1,
      currency: 'USD',
    });
    expect(options[0]).toMatchObject({
      company: 'Local Delivery',
      free_shipping: true,
      ship_from_country: 'US',
    });
    expect(options.length).toBeGreaterThanOrEqual(2);
    expect(options.length).toBeLessThanOrEqual(4);
  });

  it('takes longer and costs more to a farther zone', async () => {
    const sku = skus(await product(EARBUDS))[0];
    const ask = (country: string) =>
      marketplace.getDeliveryOptions({
        productId: EARBUDS,
        skuId: sku?.sku_id ?? '',
        country,
        quantity: 1,
        currency: 'USD',
      });
    const germany = (await ask('DE')).find((o) => o.code === 'CAINIAO_STANDARD');
    const brazil = (await ask('BR')).find((o) => o.code === 'CAINIAO_STANDARD');
    expect(brazil?.max_delivery_days).toBeGreaterThan(germany?.max_delivery_days ?? Infinity);
    expect(fee(brazil)).toBeGreaterThan(fee(germany));
  });

  it('has no option at all for the power bank to Australia, yet some to other countries', async () => {
    const sku = skus(await product(POWER_BANK))[0];
    const ask = (country: string) =>
      marketplace.getDeliveryOptions({
        productId: POWER_BANK,
        skuId: sku?.sku_id ?? '',
        country,
        quantity: 1,
        currency: 'AUD',
      });
    expect(await ask('AU')).toEqual([]);
    expect((await ask('NZ')).length).toBeGreaterThan(0);
  });

  it('has none for an unknown product or SKU', async () => {
    expect(
      await marketplace.getDeliveryOptions({
        productId: '1005000000000000',
        skuId: '1',
        country: 'US',
        quantity: 1,
        currency: 'USD',
      }),
    ).toEqual([]);
    expect(
      await marketplace.getDeliveryOptions({
        productId: EARBUDS,
        skuId: '12000000000000000',
        country: 'US',
        quantity: 1,
        currency: 'USD',
      }),
    ).toEqual([]);
  });

  it('gives the same answer for the same question', async () => {
    const sku = skus(await product(EARBUDS))[1];
    const query = {
      productId: EARBUDS,
      skuId: sku?.sku_id ?? '',
      country: 'FR',
      quantity: 3,
      currency: 'EUR',
    };
    expect(await marketplace.getDeliveryOptions(query)).toEqual(await marketplace.getDeliveryOptions(query));
  });
});

describe('createFixtureMarketplace() supplier orders', () => {
  const ADDRESS = {
    fullName: 'Nusrat Jahan',
    address: 'House 7, Road 2, Banani',
    city: 'Dhaka',
    province: 'Dhaka Division',
    postalCode: '1213',
    country: 'BD',
    mobileNo: '1711000000',
    phoneCountry: '+880',
  };
  const order = async (
    items: Array<{ productId: string; skuId: string; quantity: number }>,
    country = 'BD',
  ) =>
    marketplace.placeOrder({
      items: items.map((item) => ({ ...item, skuAttr: '' })),
      address: { ...ADDRESS, country },
      logisticsServiceName: 'CAINIAO_STANDARD',
      reference: 'ORD-20261122-0001',
    });
  const inStock = async (id: string) => {
    const sku = skus(await product(id)).find((s) => s.sku_available_stock > 0);
    if (sku === undefined) throw new Error(`fixture ${id} has nothing in stock`);
    return sku;
  };

  it('places an order with a 16-digit id that is the same for the same order number', async () => {
    const sku = await inStock(EARBUDS);
    const placed = await order([{ productId: EARBUDS, skuId: sku.sku_id, quantity: 1 }]);
    expect(placed.orderId).toMatch(/^8\d{15}$/);
    expect((await order([{ productId: EARBUDS, skuId: sku.sku_id, quantity: 1 }])).orderId).toBe(
      placed.orderId,
    );
    const other = await marketplace.placeOrder({
      items: [{ productId: EARBUDS, skuId: sku.sku_id, skuAttr: '', quantity: 1 }],
      address: ADDRESS,
      logisticsServiceName: null,
      reference: 'ORD-20261122-0002',
    });
    expect(other.orderId).not.toBe(placed.orderId);
  });

  it('reports the parcel with a Cainiao tracking number once asked', async () => {
    const sku = await inStock(EARBUDS);
    const { orderId } = await order([{ productId: EARBUDS, skuId: sku.sku_id, quantity: 1 }]);
    const tracking = await marketplace.trackOrder(orderId);
    expect(tracking).toEqual({
      status: 'shipped',
      trackingNumber: expect.stringMatching(/^LP00\d{12}$/),
      carrier: 'Cainiao',
      events: [{ time: expect.any(String), description: 'Departed from the sorting centre' }],
    });
    await expect(marketplace.trackOrder('12345')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('refuses products it does not sell, unknown SKUs, short stock and routes it cannot ship', async () => {
    const sku = await inStock(EARBUDS);
    const refused = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MarketplaceError);
      return error as MarketplaceError;
    };
    expect(await refused(order([{ productId: '1005000000000000', skuId: '1', quantity: 1 }]))).toMatchObject({
      kind: 'rejected',
      code: 'B_DROPSHIPPER_PRODUCT_NOT_FOUND',
      message: 'The supplier refused the order: Product 1005000000000000 is not sold any more.',
    });
    expect(await refused(order([{ productId: EARBUDS, skuId: 'nope', quantity: 1 }]))).toMatchObject({
      code: 'B_DROPSHIPPER_SKU_NOT_FOUND',
    });
    expect(
      await refused(
        order([{ productId: EARBUDS, skuId: sku.sku_id, quantity: sku.sku_available_stock + 1 }]),
      ),
    ).toMatchObject({ code: 'B_DROPSHIPPER_INVENTORY_SHORTAGE' });
    const bank = await inStock(POWER_BANK);
    expect(
      await refused(order([{ productId: POWER_BANK, skuId: bank.sku_id, quantity: 1 }], 'AU')),
    ).toMatchObject({
      code: 'B_DROPSHIPPER_DELIVERY_NOT_SUPPORTED',
    });
    expect(await refused(order([]))).toMatchObject({ code: 'B_DROPSHIPPER_NO_ITEMS' });
  });
});
