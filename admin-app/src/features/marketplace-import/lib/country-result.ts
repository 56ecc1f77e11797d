import type { ResponseData, Schemas } from '@shop/sdk/types';

export type MarketplaceInfo = ResponseData<'getMarketplaceProduct'>;
export type FoundProduct = { productId: string; country: string; result: Schemas['AeProductResult'] };

const COUNTRY_KEY = /^[A-Z]{2}$/;

/** The marketplace answers its result under the ship-to country's code (spec 1 §3, e.g. `BD`). */
export function countryResult(info: MarketplaceInfo, preferredCountry = 'BD'): FoundProduct | null {
  const countries = Object.keys(info).filter((key) => COUNTRY_KEY.test(key));
  const country = countries.includes(preferredCountry) ? preferredCountry : countries[0];
  const result = country ? info[country] : undefined;
  if (!country || typeof result !== 'object' || result === null || !result.ae_item_base_info_dto) return null;
  return { productId: info.product_id, country, result };
}

/** `image_urls` holds the addresses joined by `;`, the main picture first. */
export function imageUrls(result: Schemas['AeProductResult']): string[] {
  return result.ae_multimedia_info_dto.image_urls
    .split(';')
    .map((url) => url.trim())
    .filter(Boolean);
}
