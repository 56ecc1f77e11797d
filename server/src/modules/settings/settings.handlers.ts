import type { Database } from '../../db/client.ts';
import { operation } from '../../http/operation.ts';
import { listCurrencyRates } from './settings.repository.ts';

export function createSettingsHandlers(deps: { db: Database }) {
  return {
    listCurrencyRates: operation('listCurrencyRates', async () => {
      const rows = await listCurrencyRates(deps.db);
      return {
        success: true,
        data: rows.map((row) => ({
          code: row.code,
          rate: Number(row.rate),
          symbol: row.symbol,
          updatedAt: row.updatedAt.toISOString(),
        })),
      };
    }),
  };
}
