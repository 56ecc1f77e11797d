import type { FastifyInstance } from 'fastify';
import { validationError } from './errors.ts';

const NUL_MESSAGE = 'must not contain a NUL character';
const ILL_FORMED_MESSAGE = 'must be well-formed Unicode text (it holds an unpaired surrogate)';

/** In a `u` regex a surrogate pair reads as one character, so only an unpaired half is category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a string cannot be stored as text, or null when it can. */
function textFault(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  // An unpaired UTF-16 surrogate has no UTF-8 form: PostgreSQL refuses it, and so would any other reader.
  if (LONE_SURROGATE.test(text)) return ILL_FORMED_MESSAGE;
  return null;
}

/** A key as it can be shown in a field's path. */
const printableKey = (key: string) => key.replaceAll('\u0000', '').replace(/\p{Cs}/gu, '\uFFFD');

/**
 * The first place in `value` holding a string that cannot be stored as text (a NUL character or an unpaired
 * surrogate), as a JSON pointer under `prefix` with the reason; keys count as well as values.
 */
export function oddTextPath(value: unknown, prefix: string): { path: string; message: string } | null {
  if (typeof value === 'string') {
    const message = textFault(value);
    return message ? { path: prefix || '/', message } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = oddTextPath(item, `${prefix}/${index}`);
      if (found) return found;
    }
    return null;
  }
  // An upload's bytes (a Buffer, a stream) are not text fields.
  if (ArrayBuffer.isView(value) || (value as { pipe?: unknown } | null)?.pipe instanceof Function)
    return null;
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as object)) {
      const message = textFault(key);
      if (message) return { path: `${prefix}/${printableKey(key)}`, message };
      const found = oddTextPath(item, `${prefix}/${key}`);
      if (found) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text can hold neither NUL (U+0000) nor an unpaired UTF-16 surrogate: such a string would fail deep
 * in a query, possibly after part of the work was done. Every answer to such input is a 400 naming the field,
 * checked once for every operation after the contract's validation (multipart file names included).
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    // Fields are named as the contract's validation names them: `/email`, `/q`, `/id`.
    for (const value of [request.body, request.query, request.params]) {
      const found = oddTextPath(value, '');
      if (found) throw validationError([found], `${found.path} ${found.message}.`);
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
