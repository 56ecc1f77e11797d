import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAliExpressMarketplace } from './aliexpress-marketplace.ts';
import { type AliExpressStandIn, startAliExpressStandIn } from './aliexpress-stand-in.ts';
import { createFixtureMarketplace } from './fixture-marketplace.ts';
import type { MarketplaceAdapter } from './marketplace.types.ts';
import { MarketplaceError } from './marketplace-error.ts';
import { applyScenarioChange, createSupplierScenario, resetSupplierScenario } from './supplier-scenario.ts';

const EARBUDS = '1005006218437795';
const TODAY = new Date(Date.UTC(2026, 0, 5));
const credentials = { appKey: 'k', appSecret: 's', accessToken: 't' };
const address = {
  fullName: 'Rahim Uddin',
  address: 'House 5, Road 2',
  city: 'Dhaka',
  province: 'Dhaka',
  postalCode: '1205',
  country: 'BD',
  mobileNo: '1711000000',
  phoneCountry: '+880',
};

async function firstSku(marketplace: MarketplaceAdapter) {
  const product = await marketplace.getProduct(EARBUDS, { country: 'BD', currency: 'USD' });
  const sku = product?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o[0];
  if (!sku) throw new Error('the earbuds have no SKU');
  return sku;
}

describe('the fixture marketplace under a supplier scenario', () => {
  const scenario = createSupplierScenario();
  const marketplace = createFixtureMarketplace({
    publicUrl: 'http://localhost:3000',
    now: () => TODAY,
    scenario,
  });

  it('answers changed stock and price, and drops a withdrawn SKU', async () => {
    const sku = await firstSku(marketplace);
    expect(
      applyScenarioChange(scenario, { action: 'stock', productId: EARBUDS, skuId: sku.sku_id, stock: 2 }),
    ).toBeNull();
    expect(
      applyScenarioChange(scenario, {
        action: 'price',
        productId: EARBUDS,
        skuId: sku.sku_id,
        price: '99.5',
      }),
    ).toBeNull();
    const changed = await firstSku(marketplace);
    expect(changed.sku_available_stock).toBe(2);
    expect(changed.offer_sale_price).toBe('99.50');
    expect(Number(changed.sku_price)).toBeGreaterThanOrEqual(99.5);

    applyScenarioChange(scenario, { action: 'remove_sku', productId: EARBUDS, skuId: sku.sku_id });
    const product = await marketplace.getProduct(EARBUDS, { country: 'BD', currency: 'USD' });
    expect(product?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.map((s) => s.sku_id)).not.toContain(
      sku.sku_id,
    );
    await expect(
      marketplace.placeOrder({
        items: [{ productId: EARBUDS, skuId: sku.sku_id, skuAttr: sku.sku_attr, quantity: 1 }],
        address,
        logisticsServiceName: null,
        reference: 'ORD-1',
      }),
    ).rejects.toMatchObject({ code: 'B_DROPSHIPPER_SKU_NOT_FOUND' });
    resetSupplierScenario(scenario);
    expect((await firstSku(marketplace)).sku_id).toBe(sku.sku_id);
  });

  it('refuses an order past the stock left', async () => {
    const sku = await firstSku(marketplace);
    applyScenarioChange(scenario, { action: 'stock', productId: EARBUDS, skuId: sku.sku_id, stock: 0 });
    const error = await marketplace
      .placeOrder({
        items: [{ productId: EARBUDS, skuId: sku.sku_id, skuAttr: sku.sku_attr, quantity: 1 }],
        address,
        logisticsServiceName: null,
        reference: 'ORD-2',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ code: 'B_DROPSHIPPER_INVENTORY_SHORTAGE' });
    resetSupplierScenario(scenario);
  });

  it('says when a listing lapses, and answers it as gone once it has', async () => {
    applyScenarioChange(scenario, { action: 'lapse_link', productId: EARBUDS, on: '2026-01-12' });
    const product = await marketplace.getProduct(EARBUDS, { country: 'BD', currency: 'USD' });
    expect(product?.ae_item_base_info_dto.ws_offline_date).toBe('2026-01-12T00:00:00.000Z');
    applyScenarioChange(scenario, { action: 'lapse_link', productId: EARBUDS });
    expect(await marketplace.getProduct(EARBUDS, { country: 'BD', currency: 'USD' })).toBeNull();
    applyScenarioChange(scenario, { action: 'renew_link', productId: EARBUDS });
    expect(await marketplace.getProduct(EARBUDS, { country: 'BD', currency: 'USD' })).not.toBeNull();
  });

  it('stops delivery to one country only', async () => {
    const sku = await firstSku(marketplace);
    applyScenarioChange(scenario, { action: 'stop_delivery', productId: EARBUDS, country: 'bd' });
    const query = { productId: EARBUDS, skuId: sku.sku_id, quantity: 1, currency: 'USD' };
    expect(await marketplace.getDeliveryOptions({ ...query, country: 'BD' })).toEqual([]);
    expect((await marketplace.getDeliveryOptions({ ...query, country: 'US' })).length).toBeGreaterThan(0);
    resetSupplierScenario(scenario);
  });

  it('turns down changes it cannot apply', () => {
    expect(
      applyScenarioChange(scenario, { action: 'stock', productId: 'abc', skuId: '1', stock: 1 }),
    ).toMatch(/productId/);
    expect(
      applyScenarioChange(scenario, { action: 'stock', productId: EARBUDS, skuId: '1', stock: -1 }),
    ).toMatch(/stock/);
    expect(
      applyScenarioChange(scenario, { action: 'price', productId: EARBUDS, skuId: '1', price: 'free' }),
    ).toMatch(/price/);
    expect(
      applyScenarioChange(scenario, { action: 'stop_delivery', productId: EARBUDS, country: 'BGD' }),
    ).toMatch(/country/);
    expect(applyScenarioChange(scenario, { action: 'lapse_link', productId: EARBUDS, on: 'soon' })).toMatch(
      /date/,
    );
  });
});

describe('the Open Platform stand-in under a supplier scenario', () => {
  let standIn: AliExpressStandIn;
  let client: MarketplaceAdapter;
  beforeAll(async () => {
    standIn = await startAliExpressStandIn(credentials);
    client = createAliExpressMarketplace({ ...credentials, apiUrl: standIn.url });
  });
  afterAll(() => standIn.close());

  it('passes the lapse date through the real client, answers a lapsed item as unknown, and refuses orders', async () => {
    const sku = await firstSku(client);
    applyScenarioChange(standIn.scenario, { action: 'lapse_link', productId: EARBUDS, on: '2026-02-01' });
    const product = await client.getProduct(EARBUDS, { country: 'BD', currency: 'USD' });
    expect(product?.ae_item_base_info_dto.ws_offline_date).toBe('2026-02-01T00:00:00.000Z');

    applyScenarioChange(standIn.scenario, {
      action: 'stock',
      productId: EARBUDS,
      skuId: sku.sku_id,
      stock: 0,
    });
    await expect(
      client.placeOrder({
        items: [{ productId: EARBUDS, skuId: sku.sku_id, skuAttr: sku.sku_attr, quantity: 1 }],
        address,
        logisticsServiceName: null,
        reference: 'ORD-3',
      }),
    ).rejects.toMatchObject({ kind: 'rejected', code: 'B_DROPSHIPPER_INVENTORY_SHORTAGE' });

    applyScenarioChange(standIn.scenario, { action: 'lapse_link', productId: EARBUDS });
    expect(await client.getProduct(EARBUDS, { country: 'BD', currency: 'USD' })).toBeNull();
  });
});
