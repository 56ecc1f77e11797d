import type { DatabaseHandle } from '../../db/client.ts';
import { operation } from '../../http/operation.ts';

export function createHealthHandlers(deps: { database: DatabaseHandle }) {
  return {
    getHealth: operation('getHealth', async (_request, reply) => {
      if (await deps.database.ping()) {
        return { success: true, data: { status: 'ok', database: 'up' } };
      }
      // 503 lets a load balancer take this instance out until its database answers again.
      reply.code(503);
      return {
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: 'Database unreachable.',
        data: { status: 'degraded', database: 'down' },
      };
    }),
  };
}
