import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import type { OperationId } from './contract-types.ts';
import { ApiError, conflict, unprocessable, validationError } from './errors.ts';
import type { OperationHandler } from './operation.ts';

/** How long a key's first answer is kept for retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const HEADER = 'idempotency-key';
// As the contract's IdempotencyKey parameter has it.
const KEY_PATTERN = /^[\x21-\x7E]{1,200}$/;

/** Canonical JSON (keys sorted), so the same body sent with its fields in another order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(canonical({ params: request.params, body: request.body }))
    .digest('hex');
}

/**
 * Makes a creating operation safe to retry: with an `Idempotency-Key` header, the first answer (success or a
 * refusal such as out of stock) is kept, and a retry with the same key and body from the same caller gets it again
 * without anything being created twice. Transient failures (5xx) are not kept, so a retry runs afresh.
 */
export function idempotent(
  db: Database,
  operationId: OperationId,
  handler: OperationHandler,
): OperationHandler {
  return async (request, reply) => {
    // The raw header: validation keeps only the headers a schema lists, and this one is read here, once.
    const header = request.raw.headers[HEADER];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined) return handler(request, reply);
    if (!KEY_PATTERN.test(key)) {
      throw validationError(
        [{ path: '/Idempotency-Key', message: 'must be 1 to 200 visible ASCII characters' }],
        'The Idempotency-Key header is not valid.',
      );
    }

    const auth = request.auth;
    const scope = `${auth ? `${auth.kind}:${auth.id}` : 'anonymous'}:${operationId}`;
    const hash = requestHash(request);
    const now = new Date();

    const claimed = await db.transaction(async (tx) => {
      // An expired key is free again.
      await tx
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.scope, scope),
            lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)),
          ),
        );
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({ scope, key, requestHash: hash, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return inserted.length > 0;
    });

    if (!claimed) {
      const [first] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      if (!first || first.requestHash !== hash) {
        throw unprocessable('This Idempotency-Key was already used for a different request.');
      }
      if (first.statusCode === null) {
        throw conflict('A request with this Idempotency-Key is still being processed. Try again shortly.');
      }
      return (reply as FastifyReply)
        .code(first.statusCode)
        .header('idempotent-replayed', 'true')
        .send(first.response);
    }

    const release = () =>
      db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    const keep = (statusCode: number, response: unknown) =>
      db
        .update(idempotencyKeys)
        .set({ statusCode, response: sql`${JSON.stringify(response)}::jsonb` })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));

    let answer: unknown;
    try {
      answer = await handler(request, reply);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode < 500) await keep(error.statusCode, error.toBody());
      else await release().catch(() => undefined);
      throw error;
    }
    await keep(reply.statusCode, answer);
    return answer;
  };
}
