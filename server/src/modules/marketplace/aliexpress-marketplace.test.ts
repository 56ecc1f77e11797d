import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAliExpressMarketplace, signParameters } from './aliexpress-marketplace.ts';
import { type AliExpressStandIn, startAliExpressStandIn } from './aliexpress-stand-in.ts';
import { MarketplaceError } from './marketplace-error.ts';

const credentials = { appKey: '512345', appSecret: 'a1b2c3-secret', accessToken: '50000801a2b3c4-token' };
const EARBUDS = '1005006218437795';
const POWER_BANK = '1005006174306628';

let standIn: AliExpressStandIn;

beforeAll(async () => {
  standIn = await startAliExpressStandIn(credentials);
});

afterAll(async () => {
  await standIn.close();
});

function client(overrides: Partial<typeof credentials> = {}) {
  return createAliExpressMarketplace({ ...credentials, ...overrides, apiUrl: standIn.url });
}

async function rejection(promise: Promise<unknown>): Promise<MarketplaceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MarketplaceError);
  return error as MarketplaceError;
}

describe('signParameters', () => {
  it('signs the sorted name+value string with HMAC-SHA256 in upper-case hex, ignoring sign', () => {
    const params = { timestamp: '1517820392000', app_key: '123456', method: 'x.y', sign: 'old' };
    const sign = signParameters(params, 'helloworld');
    expect(sign).toMatch(/^[0-9A-F]{64}$/);
    expect(signParameters({ ...params, sign: 'other' }, 'helloworld')).toBe(sign);
    expect(signParameters({ ...params, method: 'x.z' }, 'helloworld')).not.toBe(sign);
    expect(signParameters(params, 'helloworld', '/auth/token/create')).not.toBe(sign);
  });
});

describe('createAliExpressMarketplace against a local stand-in', () => {
  it('sends a signed aliexpress.ds.product.get and reads the product', async () => {
    const product = await client().getProduct(EARBUDS, { country: 'bd', currency: 'bdt' });
    expect(product?.ae_item_base_info_dto.product_id).toBe(Number(EARBUDS));
    expect(product?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o).toHaveLength(6);
    expect(product?.logistics_info_dto?.ship_to_country).toBe('BD');

    const call = standIn.calls.at(-1);
    expect(call).toMatchObject({
      method: 'aliexpress.ds.product.get',
      app_key: credentials.appKey,
      session: credentials.accessToken,
      sign_method: 'sha256',
      product_id: EARBUDS,
      ship_to_country: 'BD',
      target_currency: 'BDT',
      target_language: 'en',
    });
    expect(call?.sign).toMatch(/^[0-9A-F]{64}$/);
    expect(Math.abs(Number(call?.timestamp) - Date.now())).toBeLessThan(60_000);
  });

  it('is refused with a signature error when signed with the wrong secret', async () => {
    const error = await rejection(
      client({ appSecret: 'not-the-secret' }).getProduct(EARBUDS, { country: 'BD', currency: 'BDT' }),
    );
    expect(error.kind).toBe('signature_rejected');
    expect(error.code).toBe('IncompleteSignature');
  });

  it('reports a bad access token as a refusal, not as a missing product', async () => {
    const error = await rejection(
      client({ accessToken: 'expired' }).getProduct(EARBUDS, { country: 'BD', currency: 'BDT' }),
    );
    expect(error.kind).toBe('rejected');
    expect(error.code).toBe('IllegalAccessToken');
  });

  it('answers null for an item the marketplace does not know', async () => {
    expect(await client().getProduct('1005000000000001', { country: 'BD', currency: 'BDT' })).toBeNull();
    const callsBefore = standIn.calls.length;
    expect(await client().getProduct('not-a-number', { country: 'BD', currency: 'BDT' })).toBeNull();
    expect(standIn.calls.length).toBe(callsBefore);
  });

  it('reads delivery options from aliexpress.ds.freight.query', async () => {
    const product = await client().getProduct(EARBUDS, { country: 'US', currency: 'USD' });
    const skuId = product?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o[0]?.sku_id ?? '';
    const options = await client().getDeliveryOptions({
      productId: EARBUDS,
      skuId,
      country: 'de',
      quantity: 2,
      currency: 'EUR',
    });
    expect(options.map((o) => o.company)).toContain('AliExpress Standard Shipping');
    expect(options.every((o) => o.ship_from_country === 'CN')).toBe(true);

    const call = standIn.calls.at(-1);
    expect(call?.method).toBe('aliexpress.ds.freight.query');
    expect(JSON.parse(call?.queryDeliveryReq ?? '{}')).toMatchObject({
      productId: EARBUDS,
      selectedSkuId: skuId,
      quantity: 2,
      shipToCountry: 'DE',
      currency: 'EUR',
    });
  });

  it('returns no delivery options when the marketplace has none for the route', async () => {
    const product = await client().getProduct(POWER_BANK, { country: 'AU', currency: 'AUD' });
    const skuId = product?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o[0]?.sku_id ?? '';
    expect(
      await client().getDeliveryOptions({
        productId: POWER_BANK,
        skuId,
        country: 'AU',
        quantity: 1,
        currency: 'AUD',
      }),
    ).toEqual([]);
  });

  it('reports an unreachable gateway', async () => {
    const closed = await startAliExpressStandIn(credentials);
    await closed.close();
    const marketplace = createAliExpressMarketplace({ ...credentials, apiUrl: closed.url });
    const error = await rejection(marketplace.getProduct(EARBUDS, { country: 'BD', currency: 'BDT' }));
    expect(error.kind).toBe('unreachable');
  });

  it('reports an answer that is not JSON', async () => {
    const marketplace = createAliExpressMarketplace({
      ...credentials,
      apiUrl: 'http://gateway.test/sync',
      fetch: async () => new Response('<html>maintenance</html>', { status: 200 }),
    });
    const error = await rejection(marketplace.getProduct(EARBUDS, { country: 'BD', currency: 'BDT' }));
    expect(error.kind).toBe('bad_response');
  });
});

describe('supplier orders through aliexpress.ds.order.create and aliexpress.ds.order.tracking.get', () => {
  const ADDRESS = {
    fullName: 'Emily Carter',
    address: '1458 Valencia Street',
    city: 'San Francisco',
    province: 'CA',
    postalCode: '94110',
    country: 'us',
    mobileNo: '4155550142',
    phoneCountry: '+1',
  };

  async function earbudsSku() {
    const product = await client().getProduct(EARBUDS, { country: 'US', currency: 'USD' });
    const sku = product?.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.find((s) => s.sku_available_stock > 0);
    if (!sku) throw new Error('the earbuds have nothing in stock');
    return sku;
  }

  it('places a signed order with the address, the variation and the delivery service', async () => {
    const sku = await earbudsSku();
    const placed = await client().placeOrder({
      items: [{ productId: EARBUDS, skuId: sku.sku_id, skuAttr: sku.sku_attr, quantity: 2 }],
      address: ADDRESS,
      logisticsServiceName: 'CAINIAO_STANDARD',
      reference: 'ORD-20261122-0007',
    });
    expect(placed.orderId).toMatch(/^8\d{15}$/);

    const call = standIn.calls.at(-1);
    expect(call).toMatchObject({
      method: 'aliexpress.ds.order.create',
      app_key: credentials.appKey,
      session: credentials.accessToken,
      sign_method: 'sha256',
    });
    expect(JSON.parse(call?.param_place_order_request4_open_api_d_t_o ?? '{}')).toEqual({
      out_order_id: 'ORD-20261122-0007',
      logistics_address: {
        full_name: 'Emily Carter',
        contact_person: 'Emily Carter',
        address: '1458 Valencia Street',
        city: 'San Francisco',
        province: 'CA',
        zip: '94110',
        country: 'US',
        mobile_no: '4155550142',
        phone_country: '+1',
        locale: 'en_US',
      },
      product_items: [
        {
          product_id: Number(EARBUDS),
          product_count: 2,
          sku_attr: sku.sku_attr,
          logistics_service_name: 'CAINIAO_STANDARD',
          order_memo: 'Order ORD-20261122-0007',
        },
      ],
    });
  });

  it("reports the supplier's refusal with its code and reason", async () => {
    const error = await rejection(
      client().placeOrder({
        items: [{ productId: '1005000000000001', skuId: '1', skuAttr: '14:1', quantity: 1 }],
        address: ADDRESS,
        logisticsServiceName: null,
        reference: 'ORD-20261122-0008',
      }),
    );
    expect(error.kind).toBe('rejected');
    expect(error.code).toBe('B_DROPSHIPPER_PRODUCT_NOT_FOUND');
    expect(error.message).toContain('Product 1005000000000001 is not sold any more.');
  });

  it('is refused with a signature error when an order is signed with the wrong secret', async () => {
    const sku = await earbudsSku();
    const error = await rejection(
      client({ appSecret: 'not-the-secret' }).placeOrder({
        items: [{ productId: EARBUDS, skuId: sku.sku_id, skuAttr: sku.sku_attr, quantity: 1 }],
        address: ADDRESS,
        logisticsServiceName: null,
        reference: 'ORD-20261122-0009',
      }),
    );
    expect(error.kind).toBe('signature_rejected');
  });

  it('reads the tracking number and carrier, and reports no parcel while there is none', async () => {
    const sku = await earbudsSku();
    const { orderId } = await client().placeOrder({
      items: [{ productId: EARBUDS, skuId: sku.sku_id, skuAttr: sku.sku_attr, quantity: 1 }],
      address: ADDRESS,
      logisticsServiceName: 'CAINIAO_STANDARD',
      reference: 'ORD-20261122-0010',
    });

    standIn.awaitingShipment.add(orderId);
    expect(await client().trackOrder(orderId)).toEqual({
      status: 'awaiting_shipment',
      trackingNumber: null,
      carrier: null,
      events: [],
    });
    standIn.awaitingShipment.delete(orderId);

    expect(await client().trackOrder(orderId)).toEqual({
      status: 'shipped',
      trackingNumber: expect.stringMatching(/^LP00\d{12}$/),
      carrier: 'Cainiao',
      events: [{ time: '2026-01-06T00:00:00.000Z', description: 'Departed from the sorting centre' }],
    });
    // The carrier's delivery scan (tracking_name DELIVERED) makes it delivered, its scans oldest first.
    standIn.supplierOrders.orders.set(orderId, {
      orderId,
      status: 'delivered',
      trackingNumber: 'LP00DELIVERED1',
      carrier: 'Cainiao',
      events: [
        { time: '2026-01-06T00:00:00.000Z', description: 'Handed to the carrier' },
        { time: '2026-01-12T00:00:00.000Z', description: 'Delivered' },
      ],
    });
    expect(await client().trackOrder(orderId)).toMatchObject({
      status: 'delivered',
      trackingNumber: 'LP00DELIVERED1',
      events: [{ description: 'Handed to the carrier' }, { description: 'Delivered' }],
    });
    expect(standIn.calls.at(-1)).toMatchObject({
      method: 'aliexpress.ds.order.tracking.get',
      ae_order_id: orderId,
      language: 'en_US',
    });
  });

  it('reports a supplier order the marketplace does not know as not found', async () => {
    const error = await rejection(client().trackOrder('1234567'));
    expect(error.kind).toBe('not_found');
  });
});
