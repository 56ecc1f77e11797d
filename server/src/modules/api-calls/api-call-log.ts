import type { Database } from '../../db/client.ts';
import { apiCallLogs } from '../../db/schema.ts';
import type { MarketplaceAdapter } from '../marketplace/index.ts';

export type ApiService = (typeof apiCallLogs.$inferInsert)['service'];

export interface ApiCall {
  service: ApiService;
  call: string;
  outcome: 'success' | 'error';
  message: string;
  durationMs: number;
}

/** Writes one line of the API log; a failure to log never fails the call it describes. */
export async function recordApiCall(db: Database, entry: ApiCall): Promise<void> {
  try {
    await db.insert(apiCallLogs).values({
      ...entry,
      call: entry.call.slice(0, 200),
      message: entry.message.slice(0, 1000),
      durationMs: Math.max(0, Math.round(entry.durationMs)),
    });
  } catch {
    // The log is for people reading it later; the shopper's request goes on.
  }
}

/**
 * Times a call and logs it with a summary of its answer, or the error's message (then throws it on). With
 * `waitForLog: false` the log line is written in the background: a caller inside a transaction holds the embedded
 * database's only connection, and a write waited for outside it would never start.
 */
export async function loggedCall<T>(
  db: Database,
  service: ApiService,
  call: string,
  run: () => Promise<T>,
  describe: (result: T) => string,
  waitForLog = true,
): Promise<T> {
  const started = performance.now();
  const log = async (entry: ApiCall) => {
    const writing = recordApiCall(db, entry);
    if (waitForLog) await writing;
  };
  try {
    const result = await run();
    await log({
      service,
      call,
      outcome: 'success',
      message: describe(result),
      durationMs: performance.now() - started,
    });
    return result;
  } catch (error) {
    await log({
      service,
      call,
      outcome: 'error',
      message: error instanceof Error ? error.message : String(error),
      durationMs: performance.now() - started,
    });
    throw error;
  }
}

/**
 * The marketplace adapter with every call written to the API log (Courier Integration & API Logs), in the
 * background: orders are forwarded inside a transaction.
 */
export function loggedMarketplace(adapter: MarketplaceAdapter, db: Database): MarketplaceAdapter {
  const loggedCallOf = <T>(call: string, run: () => Promise<T>, describe: (result: T) => string) =>
    loggedCall(db, 'marketplace', call, run, describe, false);
  return {
    getProduct: (productId, query) =>
      loggedCallOf(
        `getProduct ${productId}`,
        () => adapter.getProduct(productId, query),
        (product) => (product ? `Product found for ${query.country}` : 'No such product'),
      ),
    getDeliveryOptions: (query) =>
      loggedCallOf(
        `getDeliveryOptions ${query.productId}`,
        () => adapter.getDeliveryOptions(query),
        (options) =>
          `${options.length} shipping option${options.length === 1 ? '' : 's'} to ${query.country}`,
      ),
    placeOrder: (request) =>
      loggedCallOf(
        'placeOrder',
        () => adapter.placeOrder(request),
        (answer) => `Supplier order ${answer.orderId} placed`,
      ),
    trackOrder: (orderId) =>
      loggedCallOf(
        `trackOrder ${orderId}`,
        () => adapter.trackOrder(orderId),
        (tracking) =>
          `Status ${tracking.status}${tracking.trackingNumber ? `, tracking ${tracking.trackingNumber}` : ''}`,
      ),
    openDispute: (request) =>
      loggedCallOf(
        `openDispute ${request.orderId}`,
        () => adapter.openDispute(request),
        (answer) => `Dispute ${answer.disputeId} opened`,
      ),
    getDispute: (disputeId) =>
      loggedCallOf(
        `getDispute ${disputeId}`,
        () => adapter.getDispute(disputeId),
        (dispute) => `Dispute ${dispute.status}`,
      ),
  };
}
