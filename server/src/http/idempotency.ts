import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import type { OperationId } from './contract-types.ts';
import { ApiError, conflict, unprocessable, validationError } from './errors.ts';
import type { OperationHandler } from './operation.ts';

/** How long a key's first answer is kept for retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long an attempt holds a key with no answer yet. An attempt lost to a crash or an outage leaves its claim
 * behind; past the lease another attempt takes it over, so no key stays stuck longer than this.
 */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000;

export const STILL_PROCESSING =
  'A request with this Idempotency-Key is still being processed. Try again shortly.';

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

/** The answer a retry gets for what an earlier attempt created, rebuilt from the database. */
export type Replay = (
  resource: string,
  request: FastifyRequest,
) => Promise<{ statusCode: number; body: unknown } | null>;

interface Claim {
  scope: string;
  key: string;
  lease: string;
}

const claims = new AsyncLocalStorage<Claim>();

/**
 * Binds what an idempotent operation created (`order:<id>`) to its key, inside the transaction that creates it:
 * the creation and the binding commit together or not at all, so a retry after any fault finds it. An attempt
 * whose lease was taken over meanwhile is refused here, which rolls its creation back: only one attempt creates.
 * Outside an operation called with a key this does nothing.
 */
export async function bindToIdempotencyKey(tx: Database | Transaction, resource: string): Promise<void> {
  const claim = claims.getStore();
  if (!claim) return;
  const bound = await tx
    .update(idempotencyKeys)
    .set({ resource })
    .where(
      and(
        eq(idempotencyKeys.scope, claim.scope),
        eq(idempotencyKeys.key, claim.key),
        eq(idempotencyKeys.leaseToken, claim.lease),
        isNull(idempotencyKeys.resource),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (bound.length === 0) throw conflict(STILL_PROCESSING);
}

/**
 * Makes a creating operation safe to retry: with an `Idempotency-Key` header, the first answer (success or a
 * refusal such as out of stock) is kept, and a retry with the same key and body from the same caller gets it again
 * without anything being created twice. Transient failures (5xx) are not kept, so a retry runs afresh, unless the
 * creation had already committed: then the retry answers what was created (`replay`). A claim left without an
 * answer (the process died, the database went away) is taken over once its lease has passed.
 */
export function idempotent(
  db: Database,
  operationId: OperationId,
  handler: OperationHandler,
  options: { replay?: Replay; leaseMs?: number } = {},
): OperationHandler {
  const leaseMs = options.leaseMs ?? IDEMPOTENCY_LEASE_MS;
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
    const lease = randomUUID();
    const thisKey = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
    const replay = (statusCode: number, body: unknown) =>
      (reply as FastifyReply).code(statusCode).header('idempotent-replayed', 'true').send(body);
    /** Stores the answer, unless another attempt holds the key by now. */
    const keep = (statusCode: number, response: unknown, holder: string | null) =>
      db
        .update(idempotencyKeys)
        .set({ statusCode, response: sql`${JSON.stringify(response)}::jsonb` })
        .where(
          and(
            thisKey,
            isNull(idempotencyKeys.statusCode),
            holder === null ? sql`true` : eq(idempotencyKeys.leaseToken, holder),
          ),
        );

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
        .values({ scope, key, requestHash: hash, createdAt: now, claimedAt: now, leaseToken: lease })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return inserted.length > 0;
    });

    if (!claimed) {
      const [first] = await db.select().from(idempotencyKeys).where(thisKey);
      if (!first || first.requestHash !== hash) {
        throw unprocessable('This Idempotency-Key was already used for a different request.');
      }
      if (first.statusCode !== null) return replay(first.statusCode, first.response);
      if (first.resource !== null) {
        // Created and committed, but its answer was lost: answer what exists.
        const found = await options.replay?.(first.resource, request);
        if (!found) throw conflict(STILL_PROCESSING);
        await keep(found.statusCode, found.body, null);
        return replay(found.statusCode, found.body);
      }
      const heldSince = first.claimedAt ?? first.createdAt;
      if (heldSince.getTime() > now.getTime() - leaseMs) throw conflict(STILL_PROCESSING);
      // The attempt holding it is gone (or far too slow, and will be refused when it tries to bind): take over.
      const taken = await db
        .update(idempotencyKeys)
        .set({ leaseToken: lease, claimedAt: now })
        .where(
          and(
            thisKey,
            isNull(idempotencyKeys.statusCode),
            isNull(idempotencyKeys.resource),
            first.leaseToken === null
              ? isNull(idempotencyKeys.leaseToken)
              : eq(idempotencyKeys.leaseToken, first.leaseToken),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length === 0) throw conflict(STILL_PROCESSING);
    }

    // Let go of a claim that created nothing, so a retry runs afresh at once.
    const release = () =>
      db
        .delete(idempotencyKeys)
        .where(and(thisKey, eq(idempotencyKeys.leaseToken, lease), isNull(idempotencyKeys.resource)));

    let result: unknown;
    try {
      result = await claims.run({ scope, key, lease }, () => handler(request, reply));
    } catch (error) {
      if (error instanceof ApiError && error.statusCode < 500) {
        await keep(error.statusCode, error.toBody(), lease);
      } else await release().catch(() => undefined);
      throw error;
    }
    await keep(reply.statusCode, result, lease);
    return result;
  };
}
