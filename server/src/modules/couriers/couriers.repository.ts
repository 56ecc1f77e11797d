import { and, asc, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { apiCallLogs, orders, storeSettings } from '../../db/schema.ts';
import type { OutboundClient } from '../../http/outbound.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { loggedCall } from '../api-calls/index.ts';
import { changeStatus, OrderChangeRejection } from '../orders/index.ts';
import { type CourierConnection, CourierError, trackParcel } from './courier-client.ts';

export const API_LOG_PAGE_SIZE = 5;
/** Shipped orders asked about per run, those asked longest ago first. */
export const TRACKING_BATCH = 200;

export interface CourierSettings {
  endpoint: string | null;
  apiKey: string | null;
}

export async function readCourierSettings(db: Database, secrets: SecretBox): Promise<CourierSettings> {
  const [row] = await db
    .select({ endpoint: storeSettings.courierEndpoint, sealed: storeSettings.courierApiKeySealed })
    .from(storeSettings)
    .where(eq(storeSettings.id, 1));
  return { endpoint: row?.endpoint ?? null, apiKey: row?.sealed ? secrets.open(row.sealed) : null };
}

export async function writeCourierSettings(
  db: Database,
  secrets: SecretBox,
  settings: { endpoint: string | null; apiKey?: string | null },
): Promise<void> {
  const values = {
    courierEndpoint: settings.endpoint,
    ...(settings.apiKey !== undefined
      ? { courierApiKeySealed: settings.apiKey === null ? null : secrets.seal(settings.apiKey) }
      : {}),
  };
  await db
    .insert(storeSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: storeSettings.id, set: { ...values, updatedAt: new Date() } });
}

export const connectionOf = (settings: CourierSettings): CourierConnection | null =>
  settings.endpoint && settings.apiKey ? { endpoint: settings.endpoint, apiKey: settings.apiKey } : null;

/** The key as the screen shows it: its last four characters only. */
export const maskKey = (key: string | null) =>
  key === null ? null : `${'•'.repeat(Math.min(12, Math.max(4, key.length - 4)))}${key.slice(-4)}`;

/**
 * Asks the courier about every shipped, undelivered order with a tracking number; an order the courier reports
 * delivered becomes Delivered (by "Courier", in its history). Every question goes to the API log.
 */
export async function refreshTracking(
  db: Database,
  outbound: OutboundClient,
  connection: CourierConnection,
  limit = TRACKING_BATCH,
) {
  const shipped = await db
    .select({ id: orders.id, carrier: orders.carrier, trackingNumber: orders.trackingNumber })
    .from(orders)
    .where(and(eq(orders.status, 'Shipped'), isNotNull(orders.trackingNumber)))
    .orderBy(asc(orders.shippedAt))
    .limit(limit);
  const result = { asked: 0, delivered: 0, failed: 0 };
  for (const order of shipped) {
    result.asked += 1;
    const carrier = order.carrier ?? '';
    const number = order.trackingNumber ?? '';
    try {
      const parcel = await loggedCall(
        db,
        'courier',
        `track ${carrier} ${number}`,
        () => trackParcel(outbound, connection, carrier, number),
        (answer) => `Status ${answer.status}${answer.message ? `: ${answer.message}` : ''}`,
      );
      if (!parcel.delivered) continue;
      await changeStatus(db, {
        orderRef: order.id,
        change: { to: 'Delivered', note: 'Delivery confirmed by the courier' },
        actor: { name: 'Courier', type: 'system' },
      });
      result.delivered += 1;
    } catch (error) {
      // Changed since it was listed (delivered by staff, cancelled): nothing to do.
      if (error instanceof OrderChangeRejection) continue;
      if (!(error instanceof CourierError)) throw error;
      result.failed += 1;
    }
  }
  return result;
}

export async function listApiCalls(
  db: Database,
  filter: {
    service?: 'marketplace' | 'courier' | 'rates' | undefined;
    outcome?: 'success' | 'error' | undefined;
  },
  page: number,
  limit: number,
) {
  const conditions: (SQL | undefined)[] = [
    filter.service ? eq(apiCallLogs.service, filter.service) : undefined,
    filter.outcome ? eq(apiCallLogs.outcome, filter.outcome) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(apiCallLogs)
      .where(where)
      .orderBy(desc(apiCallLogs.at), desc(apiCallLogs.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(apiCallLogs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
