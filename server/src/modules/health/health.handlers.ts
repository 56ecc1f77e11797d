import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../../db/client.ts';
import { operation } from '../../http/operation.ts';

/** A dependency slower than this to answer counts as down: a health check must answer quickly itself. */
export const HEALTH_TIMEOUT_MS = 1000;

async function redisAnswers(redis: Pick<Redis, 'ping'>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([redis.ping().then((answer) => answer === 'PONG'), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** `redis` is the client the API shares its sign-in throttles through, when REDIS_URL is configured. */
export function createHealthHandlers(deps: { database: DatabaseHandle; redis?: Pick<Redis, 'ping'> | null }) {
  const { database, redis } = deps;
  return {
    getHealth: operation('getHealth', async (_request, reply) => {
      const [databaseUp, redisUp] = await Promise.all([
        database.ping(),
        redis ? redisAnswers(redis, HEALTH_TIMEOUT_MS) : Promise.resolve(null),
      ]);
      const report = {
        database: databaseUp ? ('up' as const) : ('down' as const),
        ...(redisUp === null ? {} : { redis: redisUp ? ('up' as const) : ('down' as const) }),
      };
      if (databaseUp && redisUp !== false) return { success: true, data: { status: 'ok', ...report } };
      // 503 lets a load balancer take this instance out until what it depends on answers again.
      const down = [databaseUp ? null : 'Database', redisUp === false ? 'Redis' : null].filter(Boolean);
      reply.code(503);
      return {
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: `${down.join(' and ')} unreachable.`,
        data: { status: 'degraded', ...report },
      };
    }),
  };
}
