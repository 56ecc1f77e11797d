import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { conflict, validationError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import type { OutboundClient, OutboundRefusal } from '../../http/outbound.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { insertActivity, staffActivity, withActivity } from '../activity/index.ts';
import { loggedCall } from '../api-calls/index.ts';
import { CourierError, checkConnection } from './courier-client.ts';
import {
  API_LOG_PAGE_SIZE,
  type CourierSettings,
  connectionOf,
  listApiCalls,
  maskKey,
  readCourierSettings,
  refreshTracking,
  writeCourierSettings,
} from './couriers.repository.ts';

export const NOT_CONNECTED = 'Enter the courier’s API key and endpoint first.';
export const BAD_ENDPOINT = 'The endpoint must be an http:// or https:// address.';
export const COURIER_UNREACHABLE = 'The courier could not be reached.';
/** Why an endpoint is refused when saved; the guarded client checks again, after DNS, on every call. */
export const ENDPOINT_REFUSED: Record<OutboundRefusal, string> = {
  scheme: BAD_ENDPOINT,
  credentials: 'The endpoint must not contain a user name or password.',
  port: 'The endpoint must use port 80, 443, 8080 or 8443.',
  address: 'The endpoint must be a public internet address, not a local or private one.',
};

const view = (settings: CourierSettings) => ({
  endpoint: settings.endpoint,
  apiKeyMasked: maskKey(settings.apiKey),
  connected: connectionOf(settings) !== null,
});

/** Courier Integration & API Logs: the courier's key and endpoint, a connection test, tracking, and the API log. */
export function createCourierHandlers(deps: { db: Database; secrets: SecretBox; outbound: OutboundClient }) {
  const { db, secrets, outbound } = deps;
  const connectionOr409 = async () => {
    const connection = connectionOf(await readCourierSettings(db, secrets));
    if (!connection) throw conflict(NOT_CONNECTED);
    return connection;
  };
  return {
    getCourierSettings: operation('getCourierSettings', async (request) => {
      requireStaff(request);
      return { success: true, data: view(await readCourierSettings(db, secrets)) };
    }),

    updateCourierSettings: operation('updateCourierSettings', async (request) => {
      const staff = requireStaff(request);
      const endpoint = request.body.endpoint?.trim() || null;
      const refusal = endpoint === null ? null : outbound.precheck(endpoint);
      if (refusal) {
        const message = ENDPOINT_REFUSED[refusal];
        throw validationError([{ path: '/endpoint', message }], message);
      }
      const key = request.body.apiKey;
      // Left out: the key stays; empty: it is removed.
      const apiKey = key === undefined ? undefined : key.trim() === '' ? null : key.trim();
      await withActivity(
        db,
        (tx) => writeCourierSettings(tx, secrets, { endpoint, ...(apiKey !== undefined ? { apiKey } : {}) }),
        staffActivity(request, staff, {
          action: 'courier.settings',
          target: 'settings:courier',
          // The key itself never reaches the log.
          details: {
            endpoint,
            apiKey: apiKey === undefined ? 'kept' : apiKey === null ? 'removed' : 'changed',
          },
        }),
      );
      const saved = await readCourierSettings(db, secrets);
      return { success: true, message: 'Courier settings saved.', data: view(saved) };
    }),

    testCourierConnection: operation('testCourierConnection', async (request) => {
      const staff = requireStaff(request);
      const connection = await connectionOr409();
      let ok = true;
      let message = 'Connected: the courier accepted the API key.';
      try {
        await loggedCall(
          db,
          'courier',
          'status',
          () => checkConnection(outbound, connection),
          () => 'Connection test passed',
        );
      } catch (error) {
        if (!(error instanceof CourierError)) throw error;
        ok = false;
        message = error.network ? COURIER_UNREACHABLE : `The courier could not be reached: ${error.message}.`;
      }
      // Nothing of the store changed: the entry records the check (its call is in the API log).
      await insertActivity(
        db,
        staffActivity(request, staff, {
          action: 'courier.test',
          target: 'settings:courier',
          details: { ok },
          outcome: ok ? 'success' : 'warning',
        }),
      );
      return { success: true, message, data: { ok, message } };
    }),

    refreshCourierTracking: operation('refreshCourierTracking', async (request) => {
      const staff = requireStaff(request);
      const connection = await connectionOr409();
      const result = await refreshTracking(db, outbound, connection, 50);
      // Each order the courier reported was saved as it was answered (no transaction across the calls out).
      await insertActivity(
        db,
        staffActivity(request, staff, { action: 'courier.track', target: 'orders', details: result }),
      );
      return {
        success: true,
        message: `${result.asked} shipped orders checked: ${result.delivered} delivered, ${result.failed} not answered.`,
        data: result,
      };
    }),

    listApiLogs: operation('listApiLogs', async (request) => {
      requireStaff(request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? API_LOG_PAGE_SIZE;
      const { rows, total } = await listApiCalls(
        db,
        { service: request.query.service, outcome: request.query.outcome },
        page,
        limit,
      );
      return {
        success: true,
        data: rows.map((row) => ({
          id: row.id,
          service: row.service,
          call: row.call,
          outcome: row.outcome,
          message: row.message,
          durationMs: row.durationMs,
          at: row.at.toISOString(),
        })),
        meta: { page, limit, total },
      };
    }),
  };
}
