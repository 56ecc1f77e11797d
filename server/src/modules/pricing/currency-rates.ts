import { eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { currencyRates } from '../../db/schema.ts';
import { type OutboundClient, OutboundError } from '../../http/outbound.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { BASE_CURRENCY } from '../../money/money.ts';
import { type ActivityEntry, insertActivity, withActivity } from '../activity/index.ts';
import { recordApiCall } from '../api-calls/index.ts';
import { readPricingRules } from './pricing.repository.ts';

export class CurrencyProviderError extends Error {}

export const REFRESH_CURRENCY_RATES = 'currency.refresh';

type RefreshResult = { updated: number; source: 'provider' | 'offline' };

/**
 * Auto conversion mode's provider: `GET {url}` answering `{ "rates": { "BDT": 121.5, ... } }` in units per 1 USD
 * (the shape most rate services offer). Without a provider the stored rates are the offline default.
 */
export async function refreshRates(
  db: Database,
  url: string | null,
  outbound: OutboundClient,
  /** When staff asked: the entry written in the rates' transaction (after the provider answered, not during). */
  activity?: (result: RefreshResult) => ActivityEntry,
): Promise<RefreshResult> {
  if (!url) {
    const result = { updated: 0, source: 'offline' } as const;
    if (activity) await insertActivity(db, activity(result));
    return result;
  }
  const started = performance.now();
  let rates: Record<string, unknown>;
  try {
    const response = await outbound.request(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new CurrencyProviderError(`The rates provider answered ${response.status}.`);
    let body: { rates?: unknown } | null;
    try {
      body = JSON.parse(response.text) as { rates?: unknown } | null;
    } catch {
      throw new CurrencyProviderError('The rates provider gave no rates.');
    }
    if (typeof body?.rates !== 'object' || body.rates === null) {
      throw new CurrencyProviderError('The rates provider gave no rates.');
    }
    rates = body.rates as Record<string, unknown>;
  } catch (error) {
    if (!(error instanceof CurrencyProviderError || error instanceof OutboundError)) throw error;
    // The guarded client's reason (refused address, closed port) goes to the server log only.
    const message =
      error instanceof CurrencyProviderError ? error.message : 'The rates provider could not be reached.';
    await recordApiCall(db, {
      service: 'rates',
      call: 'currency rates',
      outcome: 'error',
      message,
      durationMs: performance.now() - started,
    });
    throw new CurrencyProviderError(message);
  }
  const store = async (tx: Database): Promise<RefreshResult> => {
    const stored = await tx
      .select({ code: currencyRates.code })
      .from(currencyRates)
      .where(ne(currencyRates.code, BASE_CURRENCY));
    let updated = 0;
    for (const { code } of stored) {
      const rate = rates[code];
      if (typeof rate !== 'number' || !(rate > 0) || rate > 1_000_000) continue;
      await tx
        .update(currencyRates)
        .set({ rate: rate.toFixed(6), updatedAt: new Date() })
        .where(eq(currencyRates.code, code));
      updated += 1;
    }
    return { updated, source: 'provider' };
  };
  const { updated } = activity ? await withActivity(db, store, activity) : await store(db);
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
export function currencyRatesJob(deps: {
  db: Database;
  url: string | null;
  outbound: OutboundClient;
  /** Called once new rates are stored. */
  ratesWritten?: () => void;
}): JobDefinition {
  return {
    name: REFRESH_CURRENCY_RATES,
    cron: '15 4 * * *',
    run: async () => {
      if ((await readPricingRules(deps.db)).currencyMode !== 'auto') return { skipped: 'manual mode' };
      const result = await refreshRates(deps.db, deps.url, deps.outbound);
      deps.ratesWritten?.();
      return result;
    },
  };
}
