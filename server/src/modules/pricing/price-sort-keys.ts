import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { priceSortStaleCurrencies } from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';

// Products sort and filter by price through a stored USD price (products.price_usd_minor). A rate write marks its
// currency (a trigger, drizzle/0047) instead of rewriting the currency's products in its own transaction; the
// products are reworked here afterwards, a batch a transaction, so a rate change at a million products holds no
// product locked for more than a batch. Until a pass ends, a price sort or price filter may place a product by
// the old rate; the prices shoppers see and pay are worked out from the rate itself, never from this key.

/** Products a transaction: short enough that a shopper buying one waits a fraction of a second at most. */
export const PRICE_SORT_BATCH = 500;

/**
 * Reworks every marked currency's products, then clears each mark unless a rate moved again meanwhile. Answers the
 * batches run. `stopping` is asked between batches: a pass stopped there leaves its marks for the next.
 */
export async function refreshPriceSortKeys(
  db: Database,
  batch = PRICE_SORT_BATCH,
  stopping: () => boolean = () => false,
): Promise<number> {
  let batches = 0;
  for (;;) {
    // As text: the mark is to the microsecond, a JavaScript date only to the millisecond.
    const marked = await db
      .select({
        code: priceSortStaleCurrencies.code,
        markedAt: sql<string>`${priceSortStaleCurrencies.markedAt}::text`,
      })
      .from(priceSortStaleCurrencies)
      .orderBy(priceSortStaleCurrencies.markedAt);
    if (marked.length === 0) return batches;
    for (const { code, markedAt } of marked) {
      let after: string | null = null;
      do {
        if (stopping()) return batches;
        const result: unknown = await db.execute(
          sql`select products_price_usd_batch(${code}, ${after}::uuid, ${batch}) as last`,
        );
        after = (result as { rows: Array<{ last: string | null }> }).rows[0]?.last ?? null;
        if (after) batches += 1;
      } while (after);
      // A rate written during the pass moved the mark: the loop above goes over the currency again.
      await db
        .delete(priceSortStaleCurrencies)
        .where(
          and(
            eq(priceSortStaleCurrencies.code, code),
            sql`${priceSortStaleCurrencies.markedAt} = ${markedAt}::timestamptz`,
          ),
        );
    }
  }
}

export interface PriceSortKeeper {
  /** Starts a pass after a rate write (or another pass once the running one ends). */
  poke(): void;
  /** Ends the running pass after its batch (the server is closing); later pokes do nothing. */
  stop(): Promise<void>;
}

/** One pass at a time in this process; a poke during a pass runs one more after it. */
export function priceSortKeeper(
  db: Database,
  log: { error(obj: object, msg: string): void },
): PriceSortKeeper {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const pass = async () => {
    do {
      again = false;
      try {
        await refreshPriceSortKeys(db, PRICE_SORT_BATCH, () => stopped);
      } catch (error) {
        // The marks stay: the next poke, the job or the next start goes over them again.
        log.error({ err: error }, 'reworking the price sort keys failed');
        return;
      }
    } while (again && !stopped);
  };
  return {
    poke() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = pass().finally(() => {
        running = null;
      });
    },
    async stop() {
      stopped = true;
      while (running) await running;
    },
  };
}

export const PRICE_SORT_KEYS = 'pricing.price-sort-keys';

/** A mark this old was left by a pass that stopped (a failure, an instance gone): a pass takes about a minute a
 * million products, and the instance that wrote the rate runs it at once. */
const LEFT_AFTER_MINUTES = 10;

/** With background jobs on, whichever instance is free reworks marks another left. */
export function priceSortKeysJob(deps: { db: Database }): JobDefinition {
  return {
    name: PRICE_SORT_KEYS,
    wake: {
      everySeconds: 300,
      due: async () =>
        (
          await deps.db
            .select({ code: priceSortStaleCurrencies.code })
            .from(priceSortStaleCurrencies)
            .where(
              lt(
                priceSortStaleCurrencies.markedAt,
                sql`now() - make_interval(mins => ${LEFT_AFTER_MINUTES})`,
              ),
            )
            .limit(1)
        ).length > 0,
    },
    run: async () => ({ batches: await refreshPriceSortKeys(deps.db) }),
  };
}
