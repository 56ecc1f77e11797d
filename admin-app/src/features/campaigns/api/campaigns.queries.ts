import type { QueryParams } from '@shop/sdk/types';
import { $api } from '../../../lib/api';

/** Campaigns & Discounts pages its campaigns by 10 and the campaign log by 3 (spec 2 §9). */
export const CAMPAIGN_PAGE_SIZE = 10;
export const CAMPAIGN_LOG_PAGE_SIZE = 3;
/** How many catalogue products the form's product search shows. */
export const PRODUCT_SEARCH_SIZE = 8;

/** The only home of Campaigns & Discounts' query options; keys derive from method + path (+ parameters). */
export const campaignQueries = {
  list: (query: QueryParams<'listCampaigns'>) =>
    $api.queryOptions('get', '/campaigns', { params: { query } }),
  log: (query: QueryParams<'listCampaignLog'>) =>
    $api.queryOptions('get', '/campaigns/log', { params: { query } }),
  /** The catalogue the form's product search looks in, by title or id. */
  products: (query: QueryParams<'listProducts'>) =>
    $api.queryOptions('get', '/product/', { params: { query } }),
};

/** Key prefixes of the reads above (method and path), for invalidation. */
export const campaignKeys = {
  lists: campaignQueries.list({}).queryKey.slice(0, 2),
  log: campaignQueries.log({}).queryKey.slice(0, 2),
};
