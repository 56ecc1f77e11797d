import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { currencyRates } from '../../db/schema.ts';

export type CurrencyRateRow = typeof currencyRates.$inferSelect;

export function listCurrencyRates(db: Database): Promise<CurrencyRateRow[]> {
  return db.select().from(currencyRates).orderBy(asc(currencyRates.code));
}
