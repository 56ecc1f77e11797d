import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { hasPermission, requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { forbidden } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { MARKETPLACE_ACTIONS } from '../marketplace/marketplace.handlers.ts';
import { alerts, dailyCounts, overview, pendingActions, recordVisit } from './stats.repository.ts';

/** The dashboard is for staff who may see the dashboard or the reports. */
function requireDashboard(request: FastifyRequest): StaffAuth {
  const staff = requireStaff(request);
  if (!hasPermission(staff, 'dashboard') && !hasPermission(staff, 'reports')) throw forbidden();
  return staff;
}

export function createStatsHandlers(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    getStatsOverview: operation('getStatsOverview', async (request) => {
      requireDashboard(request);
      return { success: true, data: await overview(db, now()) };
    }),

    listAdminAlerts: operation('listAdminAlerts', async (request) => {
      requireDashboard(request);
      return { success: true, data: await alerts(db, now(), MARKETPLACE_ACTIONS) };
    }),

    getPendingActions: operation('getPendingActions', async (request) => {
      requireDashboard(request);
      return { success: true, data: await pendingActions(db) };
    }),

    getDailyCount: operation('getDailyCount', async (request) => {
      requireDashboard(request);
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
