import type { FastifyInstance } from 'fastify';
import { validationError } from './errors.ts';

/** The first place in `value` holding a string with a NUL character, as a JSON pointer under `prefix`. */
export function nulPath(value: unknown, prefix: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? prefix || '/' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, `${prefix}/${index}`);
      if (found) return found;
    }
    return null;
  }
  // An upload's bytes (a Buffer, a stream) are not text fields.
  if (ArrayBuffer.isView(value) || (value as { pipe?: unknown } | null)?.pipe instanceof Function)
    return null;
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as object)) {
      if (key.includes('\u0000')) return `${prefix}/${key.replaceAll('\u0000', '')}`;
      const found = nulPath(item, `${prefix}/${key}`);
      if (found) return found;
    }
  }
  return null;
}

const NUL_MESSAGE = 'must not contain a NUL character';

/**
 * PostgreSQL text cannot hold NUL (U+0000): a string carrying one would fail deep in a query. Every answer to such
 * input is a 400 naming the field, checked once for every operation after the contract's validation.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    // Fields are named as the contract's validation names them: `/email`, `/q`, `/id`.
    for (const value of [request.body, request.query, request.params]) {
      const path = nulPath(value, '');
      if (path) throw validationError([{ path, message: NUL_MESSAGE }], `${path} ${NUL_MESSAGE}.`);
    }
  });
}

/**
 * API answers are personal or change often: nothing is kept by browsers or shared caches unless an operation
 * says otherwise (tokens in particular must never be stored).
 */
export function registerNoStoreDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
