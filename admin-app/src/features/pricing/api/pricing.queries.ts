import { $api } from '../../../lib/api';

type PreviewInput = { cost: number; country: string | null };

/**
 * The one home of the pricing screen's query options. Keys derive from method + path (+ parameters), so a rule
 * change invalidates every preview through `pricingKeys.preview` below.
 */
export const pricingQueries = {
  settings: () => $api.queryOptions('get', '/pricing'),
  rates: () => $api.queryOptions('get', '/settings/currency'),
  preview: ({ cost, country }: PreviewInput) =>
    $api.queryOptions('post', '/pricing/preview', { body: { cost, ...(country ? { country } : {}) } }),
  overrides: (page: number, limit: number) =>
    $api.queryOptions('get', '/pricing/overrides', { params: { query: { page, limit } } }),
};

/** Key prefixes of the reads above: the first two parts of each key (method and path). */
export const pricingKeys = {
  preview: pricingQueries.preview({ cost: 0, country: null }).queryKey.slice(0, 2),
  products: ['get', '/product/'],
};
