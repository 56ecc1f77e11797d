import { eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { currencyRates } from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { BASE_CURRENCY } from '../../money/money.ts';
import { recordApiCall } from '../couriers/api-call-log.ts';
import { readPricingRules } from './pricing.repository.ts';

export class CurrencyProviderError extends Error {}

export const REFRESH_CURRENCY_RATES = 'currency.refresh';

/**
 * Auto conversion mode's provider: `GET {url}` answering `{ "rates": { "BDT": 121.5, ... } }` in units per 1 USD
 * (the shape most rate services offer). Without a provider the stored rates are the offline default.
 */
export async function refreshRates(
  db: Database,
  url: string | null,
): Promise<{ updated: number; source: 'provider' | 'offline' }> {
  if (!url) return { updated: 0, source: 'offline' };
  const started = performance.now();
  let rates: Record<string, unknown>;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new CurrencyProviderError(`The rates provider answered ${response.status}.`);
    const body = (await response.json()) as { rates?: unknown };
    if (typeof body.rates !== 'object' || body.rates === null) {
      throw new CurrencyProviderError('The rates provider gave no rates.');
    }
    rates = body.rates as Record<string, unknown>;
  } catch (error) {
    const message =
      error instanceof CurrencyProviderError
        ? error.message
        : `The rates provider could not be reached: ${(error as Error).message}`;
    await recordApiCall(db, {
      service: 'rates',
      call: 'currency rates',
      outcome: 'error',
      message,
      durationMs: performance.now() - started,
    });
    throw new CurrencyProviderError(message);
  }
  const stored = await db
    .select({ code: currencyRates.code })
    .from(currencyRates)
    .where(ne(currencyRates.code, BASE_CURRENCY));
  let updated = 0;
  for (const { code } of stored) {
    const rate = rates[code];
    if (typeof rate !== 'number' || !(rate > 0) || rate > 1_000_000) continue;
    await db
      .update(currencyRates)
      .set({ rate: rate.toFixed(6), updatedAt: new Date() })
      .where(eq(currencyRates.code, code));
    updated += 1;
  }
  await recordApiCall(db, {
    service: 'rates',
    call: 'currency rates',
    outcome: 'success',
    message: `${updated} rates updated`,
    durationMs: performance.now() - started,
  });
  return { updated, source: 'provider' };
}

/** Every morning in auto mode with a provider configured, the rates are fetched again. */
export function currencyRatesJob(deps: { db: Database; url: string | null }): JobDefinition {
  return {
    name: REFRESH_CURRENCY_RATES,
    cron: '15 4 * * *',
    run: async () => {
      if ((await readPricingRules(deps.db)).currencyMode !== 'auto') return { skipped: 'manual mode' };
      return refreshRates(deps.db, deps.url);
    },
  };
}
