import type { Database } from '../../db/client.ts';

export function createVendorProductHandlers(_deps: { db: Database }) {
  return {};
}
