import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ApiError, storeUnavailable, tooManyRequests } from '../http/errors.ts';
import { LOGIN_WINDOW_MS, type LoginThrottle, TOO_MANY_LOGINS_MESSAGE } from './login-throttle.ts';

/**
 * One atomic step for every key of a try: forget tries older than the window; when any key has none left,
 * answer how long until its oldest try leaves the window; else record the try under each key and answer -1 with,
 * per key, 1 when this try took its last free try.
 * KEYS: the counters. ARGV: now (ms), window (ms), the try's id, then each key's limit.
 */
const TAKE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then
    local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
    return { tonumber(oldest[2]) + window - now }
  end
end
local answer = { -1 }
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window)
  answer[i + 1] = redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) and 1 or 0
end
return answer
`;

const PREFIX = 'shop:throttle:';

/** The sign-in throttle with its counters in Redis (REDIS_URL): shared by every instance, without database writes. */
export function createRedisThrottle(redis: Redis, now: () => number = Date.now): LoginThrottle {
  return {
    async take(keys, message = TOO_MANY_LOGINS_MESSAGE) {
      const id = randomUUID();
      const names = keys.map(({ key }) => `${PREFIX}${key}`);
      let answer: number[];
      try {
        answer = (await redis.eval(
          TAKE,
          names.length,
          ...names,
          now(),
          LOGIN_WINDOW_MS,
          id,
          ...keys.map(({ max }) => max),
        )) as number[];
      } catch (error) {
        // Redis out of reach: the sign-in cannot be counted, so it waits (503) rather than going uncounted.
        if (error instanceof ApiError) throw error;
        throw storeUnavailable();
      }
      const [waitMs = -1, ...spentFlags] = answer.map(Number);
      if (waitMs >= 0) throw tooManyRequests(message, waitMs / 1000);
      return {
        spent: keys.filter((_, i) => spentFlags[i] === 1).map(({ key }) => key),
        async giveBack() {
          await Promise.all(names.map((name) => redis.zrem(name, id)));
        },
      };
    },
    async reset({ key }) {
      await redis.del(`${PREFIX}${key}`);
    },
  };
}
