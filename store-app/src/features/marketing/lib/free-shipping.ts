import type { Schemas } from '@shop/sdk/types';

type Banner = Schemas['StorefrontBanner'];
type LocalizedText = Schemas['LocalizedText'];

/** What staff write in a banner where the configured free-shipping threshold goes. */
export const FREE_SHIPPING_TOKEN = '{freeShippingAbove}';

const names = (text: LocalizedText) =>
  Object.values(text).some((value) => value?.includes(FREE_SHIPPING_TOKEN));

function filled(text: LocalizedText, amount: string): LocalizedText {
  return Object.fromEntries(
    Object.entries(text).map(([language, value]) => [
      language,
      value?.split(FREE_SHIPPING_TOKEN).join(amount),
    ]),
  ) as LocalizedText;
}

/**
 * The banners with the free-shipping threshold written in (`amount`, already formatted in the shopper's currency
 * and language). Without one (free shipping off, or no amount in that currency) a banner promising it is left
 * out rather than shown with a wrong figure.
 */
export function withFreeShipping(banners: readonly Banner[], amount: string | null): Banner[] {
  return banners.flatMap((banner) => {
    if (!names(banner.title) && !names(banner.text)) return [banner];
    if (amount === null) return [];
    return [{ ...banner, title: filled(banner.title, amount), text: filled(banner.text, amount) }];
  });
}
