import type { FastifyInstance } from 'fastify';

/**
 * A short-lived cache of answers many requests share (a product list, a sign-in): a moment of reuse turns a burst
 * of identical requests into one database round. Any successful change made through this instance clears it at
 * once; changes made through another instance show within `ttlMs`.
 */
export interface ShortCache {
  /** The generation a read starts in; an answer computed across a change is not stored. */
  generation(): number;
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown, startedIn: number): void;
  clear(): void;
}

/** How long a product list is reused; changes made through another instance show within this. */
export const CATALOGUE_CACHE_MS = 2000;
/** How long a sign-in found good is reused; signing out through another instance holds within this. */
export const SIGN_IN_CACHE_MS = 1000;

export function createShortCache({
  ttlMs,
  maxEntries = 1000,
}: {
  ttlMs: number;
  maxEntries?: number;
}): ShortCache {
  const entries = new Map<string, { value: unknown; expires: number }>();
  let generation = 0;
  return {
    generation: () => generation,
    get<T>(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value as T;
    },
    set(key, value, startedIn) {
      if (ttlMs <= 0 || startedIn !== generation) return;
      // Oldest first out: Map keeps insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expires: Date.now() + ttlMs });
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Clears the cache before the answer to any successful change goes out, so its caller's next read is fresh.
 * `keepOn`: the routes (as declared, under the API prefix) whose changes cannot touch what this cache holds.
 */
export function clearOnChange(
  app: FastifyInstance,
  cache: ShortCache,
  options: { keepOn?: readonly string[] } = {},
): void {
  const keepOn = new Set(options.keepOn ?? []);
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return payload;
    if (!keepOn.has(`${request.method} ${request.routeOptions.url ?? ''}`)) cache.clear();
    return payload;
  });
}

/**
 * What shoppers do while browsing, none of which changes a product list or a price: a cart kept in step, a visit
 * counted, a product seen, a sign-in. Clearing the catalogue on each would leave it cached for no one.
 */
export const CATALOGUE_KEEPS_ON = [
  'PUT /api/cart',
  'POST /api/cart/merge',
  'POST /api/stats/visit',
  'POST /api/recently-viewed',
  'POST /api/user/login',
  'POST /api/user/logout',
  'POST /api/wishlist/add',
  'POST /api/wishlist/remove',
] as const;
