import { describe, expect, it } from 'vitest';
import { createMarketplace } from './create-marketplace.ts';
import { MarketplaceError } from './marketplace-error.ts';

describe('createMarketplace', () => {
  it('uses the bundled catalogue by default', async () => {
    const marketplace = createMarketplace({ publicUrl: 'http://localhost:3000' });
    const product = await marketplace.getProduct('1005006218437795', { country: 'BD', currency: 'BDT' });
    expect(product?.ae_multimedia_info_dto.image_urls).toMatch(
      /^http:\/\/localhost:3000\/media\/marketplace\//,
    );
  });

  it('refuses to build the aliexpress provider without its keys, naming what is missing', () => {
    const build = () =>
      createMarketplace({
        provider: 'aliexpress',
        publicUrl: 'http://localhost:3000',
        aliexpress: { appKey: 'k', appSecret: ' ' },
      });
    expect(build).toThrow(MarketplaceError);
    expect(build).toThrow(/appSecret \(AE_APP_SECRET\), accessToken \(AE_ACCESS_TOKEN\)/);
    expect(build).not.toThrow(/appKey/);
  });

  it('builds the aliexpress provider when every key is given', () => {
    const marketplace = createMarketplace({
      provider: 'aliexpress',
      publicUrl: 'http://localhost:3000',
      aliexpress: { appKey: 'k', appSecret: 's', accessToken: 't' },
    });
    expect(typeof marketplace.getProduct).toBe('function');
  });
});
