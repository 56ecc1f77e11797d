import { and, count, desc, inArray } from 'drizzle-orm';
import { requireStaff } from '../../auth/permissions.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { activityLog } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { csvCell } from '../../lib/csv.ts';
import { loadRates } from '../../money/money.ts';
import { recordFailedAttempt, staffActivity, withActivity } from '../activity/index.ts';
import { type MarketplaceAdapter, MarketplaceError } from '../marketplace/index.ts';
import { importErrors } from '../products/index.ts';
import { readStoreSettings, writeStoreSettings } from '../settings/index.ts';
import { MARKETPLACE_UNREACHABLE, NO_PRODUCT_DATA, saveMarketplaceImport } from './dropshipping.handlers.ts';
import { MARKETPLACE_SYNC, nextSyncAt, PRICE_DRIFT, syncMarketplaceProducts } from './dropshipping.sync.ts';

/** What the sync/error log shows: every call made to the marketplace, and what came of it. */
export const MARKETPLACE_LOG_ACTIONS = [
  'product.import',
  'marketplace.fetch',
  'marketplace.delivery',
  MARKETPLACE_SYNC,
  PRICE_DRIFT,
  'order.forward',
  'order.forward.sync',
];
export const MARKETPLACE_LOG_PAGE_SIZE = 5;
const CSV_LIMIT = 10_000;
/** Any item id will do: the marketplace answering at all (even "not found") proves the credentials work. */
const PROBE_ID = '1005006841234567';

type LogRow = typeof activityLog.$inferSelect;

/** One log line from an activity entry, in words staff read. */
export function logMessage(row: LogRow): string {
  const details = row.details as Record<string, unknown>;
  if (typeof details.message === 'string') return details.message;
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  switch (row.action) {
    case 'product.import':
      return row.outcome === 'failed'
        ? `Import of ${row.target ?? 'a product'} refused: the product data was not valid.`
        : `Imported ${text(details.title)} (${text(details.marketplaceId)}).`;
    case 'order.forward':
      return row.outcome === 'failed'
        ? `Forwarding ${row.target ?? 'an order'} failed.`
        : `Forwarded ${row.target ?? 'an order'} as AliExpress order ${text(details.aeOrderId)}.`;
    case 'order.forward.sync':
      return row.outcome === 'failed'
        ? `Tracking ${row.target ?? 'an order'} failed.`
        : `Asked about ${row.target ?? 'an order'}: ${text(details.status)}${details.tracking ? `, tracking ${text(details.tracking)}` : ''}.`;
    default:
      return `${row.action} ${row.target ?? ''}`.trim();
  }
}

const logType = (outcome: LogRow['outcome']) =>
  outcome === 'failed' ? 'error' : outcome === 'warning' ? 'warning' : 'success';

function maskToken(token: string): string {
  return `••••••••${token.slice(-4)}`;
}

/** AliExpress Integration: connection status, bulk import, auto-sync and the sync/error log. */
export function createMarketplaceIntegrationHandlers(deps: {
  db: Database;
  marketplace: MarketplaceAdapter;
  config: Pick<AppConfig, 'marketplace'>;
}) {
  const { db, marketplace, config } = deps;

  const syncView = async (source: Database = db) => {
    const settings = await readStoreSettings(source);
    return {
      enabled: settings.marketplaceSyncEnabled,
      frequency: settings.marketplaceSyncFrequency,
      driftPercent: settings.priceDriftPercent,
      lastSyncAt: settings.marketplaceLastSyncAt?.toISOString() ?? null,
      nextSyncAt: nextSyncAt(settings)?.toISOString() ?? null,
    };
  };

  return {
    getMarketplaceStatus: operation('getMarketplaceStatus', async (request) => {
      requireStaff(request);
      const checkedAt = new Date().toISOString();
      const { provider, aliexpress } = config.marketplace;
      if (provider === 'fixture') {
        return {
          success: true,
          data: {
            provider,
            connected: true,
            message:
              'Offline catalogue: products come from the sample catalogue built into the store, with no AliExpress account. Set MARKETPLACE_PROVIDER=aliexpress and the AE_* credentials to connect.',
            checkedAt,
            token: null,
          },
        };
      }
      let connected = true;
      let message = 'Connected to the AliExpress Open Platform.';
      try {
        await marketplace.getProduct(PROBE_ID, { country: 'US', currency: 'USD' });
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        if (error.kind !== 'not_found') {
          connected = false;
          message =
            error.kind === 'signature_rejected' || error.kind === 'misconfigured'
              ? `The credentials were refused: ${error.message}`
              : `The marketplace did not answer: ${error.message}`;
        }
      }
      return {
        success: true,
        data: {
          provider,
          connected,
          message,
          checkedAt,
          token: aliexpress.accessToken
            ? {
                masked: maskToken(aliexpress.accessToken),
                expiresAt: aliexpress.accessTokenExpiresAt ?? null,
              }
            : null,
        },
      };
    }),

    importMarketplaceProducts: operation('importMarketplaceProducts', async (request) => {
      const staff = requireStaff(request);
      const { ids, country = 'BD', status = 'draft' } = request.body;
      const rates = await loadRates(db);
      const settings = await readStoreSettings(db);
      const results = [];
      for (const id of ids) {
        const failed = (message: string) => ({
          id,
          outcome: 'failed' as const,
          message,
          productId: null,
          title: null,
        });
        let found: Awaited<ReturnType<MarketplaceAdapter['getProduct']>>;
        try {
          found = await marketplace.getProduct(id, { country, currency: settings.defaultCurrency });
        } catch (error) {
          if (!(error instanceof MarketplaceError)) throw error;
          const message = error.kind === 'not_found' ? NO_PRODUCT_DATA : MARKETPLACE_UNREACHABLE;
          await recordFailedAttempt(
            db,
            request,
            staffActivity(request, staff, {
              action: 'marketplace.fetch',
              target: `marketplace:${id}`,
              outcome: 'failed',
              details: { message: `${id}: ${message}`, kind: error.kind },
            }),
          );
          results.push(failed(message));
          continue;
        }
        if (found === null) {
          results.push(failed(NO_PRODUCT_DATA));
          continue;
        }
        const body = { country, status, product: found } as Parameters<typeof importErrors>[1];
        const errors = importErrors(id, body);
        if (errors.length > 0) {
          results.push(failed(errors.map((error) => error.message).join(' ')));
          continue;
        }
        try {
          // Each product with its own entry: one refused does not undo the others.
          const { row, created } = await saveMarketplaceImport(db, id, body, rates, (saved) =>
            staffActivity(request, staff, {
              action: 'product.import',
              target: `product:${saved.row.id}`,
              details: {
                marketplaceId: id,
                title: saved.row.title,
                created: saved.created,
                country,
                bulk: true,
              },
            }),
          );
          results.push({
            id,
            outcome: created ? ('created' as const) : ('updated' as const),
            message: created ? 'Imported.' : 'Already in the catalogue: updated.',
            productId: row.id,
            title: row.title,
          });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          results.push(failed(error.message));
        }
      }
      return { success: true, data: results };
    }),

    getMarketplaceSync: operation('getMarketplaceSync', async (request) => {
      requireStaff(request);
      return { success: true, data: await syncView() };
    }),

    updateMarketplaceSync: operation('updateMarketplaceSync', async (request) => {
      const staff = requireStaff(request);
      const { enabled, frequency, driftPercent } = request.body;
      const { after } = await withActivity(
        db,
        async (tx) => {
          const before = await syncView(tx);
          await writeStoreSettings(tx, {
            ...(enabled !== undefined ? { marketplaceSyncEnabled: enabled } : {}),
            ...(frequency !== undefined ? { marketplaceSyncFrequency: frequency } : {}),
            ...(driftPercent !== undefined ? { priceDriftPercent: driftPercent } : {}),
          });
          return { before, after: await syncView(tx) };
        },
        (change) =>
          staffActivity(request, staff, {
            action: 'marketplace.sync.settings',
            target: 'settings:marketplace',
            details: change,
          }),
      );
      return { success: true, message: 'Auto-sync settings saved.', data: after };
    }),

    runMarketplaceSync: operation('runMarketplaceSync', async (request) => {
      const staff = requireStaff(request);
      const run = await syncMarketplaceProducts(db, marketplace, {
        activity: (done) =>
          staffActivity(request, staff, {
            action: 'marketplace.sync.run',
            target: 'marketplace',
            details: { ...done },
          }),
      });
      return {
        success: true,
        message: `Synced ${run.checked} products: ${run.updated} updated, ${run.drifted} price changes, ${run.withdrawn} no longer sold, ${run.failed} failed.`,
        data: run,
      };
    }),

    listMarketplaceLog: operation('listMarketplaceLog', async (request, reply) => {
      requireStaff(request);
      const where = and(inArray(activityLog.action, MARKETPLACE_LOG_ACTIONS));
      if (request.query.format === 'csv') {
        const rows = await db
          .select()
          .from(activityLog)
          .where(where)
          .orderBy(desc(activityLog.at))
          .limit(CSV_LIMIT);
        const lines = [
          'time,type,action,message',
          ...rows.map((row) =>
            [row.at.toISOString(), logType(row.outcome), row.action, logMessage(row)].map(csvCell).join(','),
          ),
        ];
        return reply
          .header(
            'content-disposition',
            `attachment; filename="marketplace-log-${new Date().toISOString().slice(0, 10)}.csv"`,
          )
          .header('cache-control', 'no-store')
          .type('text/csv; charset=utf-8')
          .send(`${lines.join('\r\n')}\r\n`) as never;
      }
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? MARKETPLACE_LOG_PAGE_SIZE;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(activityLog)
          .where(where)
          .orderBy(desc(activityLog.at), desc(activityLog.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(activityLog).where(where),
      ]);
      return {
        success: true,
        data: rows.map((row) => ({
          id: row.id,
          time: row.at.toISOString(),
          type: logType(row.outcome),
          action: row.action,
          message: logMessage(row),
        })),
        meta: { page, limit, total: total?.n ?? 0 },
      };
    }),
  };
}
