/** Activity actions whose failures the dashboard raises as marketplace alerts. */
export const MARKETPLACE_ACTIONS = [
  'marketplace.fetch',
  'marketplace.delivery',
  'product.import',
  'marketplace.sync',
] as const;
