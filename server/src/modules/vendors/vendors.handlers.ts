import type { Database } from '../../db/client.ts';

export function createVendorHandlers(_deps: { db: Database }) {
  return {};
}
