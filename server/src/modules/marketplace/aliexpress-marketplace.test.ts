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
