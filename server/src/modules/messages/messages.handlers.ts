import type { Database } from '../../db/client.ts';

export function createMessageHandlers(_deps: { db: Database }) {
  return {};
}
