import type { Database } from '../../db/client.ts';
import { operation } from '../../http/operation.ts';
import { MARKETPLACE_ACTIONS } from '../marketplace/index.ts';
import { alerts, dailyCounts, overview, pendingActions, recordVisit } from './stats.repository.ts';

export function createStatsHandlers(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    getStatsOverview: operation('getStatsOverview', async () => {
      return { success: true, data: await overview(db, now()) };
    }),

    listAdminAlerts: operation('listAdminAlerts', async () => {
      return { success: true, data: await alerts(db, now(), MARKETPLACE_ACTIONS) };
    }),

    getPendingActions: operation('getPendingActions', async () => {
      return { success: true, data: await pendingActions(db) };
    }),

    getDailyCount: operation('getDailyCount', async (request) => {
      return { success: true, data: await dailyCounts(db, now(), request.query.days ?? 14) };
    }),

    recordVisit: operation('recordVisit', async (request, reply) => {
      const { path, visitorId, country } = request.body;
      const recorded = await recordVisit(db, { path, visitorId: visitorId.trim(), country: country ?? null });
      void reply.code(201);
      return { success: true, data: { recorded } };
    }),
  };
}
