import type { Database } from '../../db/client.ts';

export function createVendorOrderHandlers(_deps: { db: Database }) {
  return {};
}
