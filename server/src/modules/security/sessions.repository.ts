import { and, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type SessionActor = 'admin' | 'customer' | 'vendor';

/** lastUsedAt is written at most this often, so a busy screen does not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export async function openSession(
  db: Database,
  values: {
    actorType: SessionActor;
    accountId: string;
    userAgent: string | null;
    ip: string;
    ttlSeconds: number;
  },
  now = new Date(),
): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({
      actorType: values.actorType,
      accountId: values.accountId,
      userAgent: values.userAgent,
      ip: values.ip,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + values.ttlSeconds * 1000),
    })
    .returning();
  if (!row) throw new Error('session insert returned no row');
  return row;
}

/** Records use; the condition keeps concurrent requests from writing more than once a minute. */
export async function touchSession(
  db: Database,
  session: Pick<SessionRow, 'id' | 'lastUsedAt'>,
  now = new Date(),
): Promise<void> {
  if (now.getTime() - session.lastUsedAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return;
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(sessions.id, session.id),
        lt(sessions.lastUsedAt, new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS)),
      ),
    );
}

/** Ends one live session of the account; null when there is none with that id. */
export async function revokeSession(
  db: Database,
  id: string,
  actorType: SessionActor,
  accountId: string,
  now = new Date(),
): Promise<SessionRow | null> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.actorType, actorType),
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** The account's live sessions (its trusted devices), most recently used first. */
export async function listLiveSessions(
  db: Database,
  actorType: SessionActor,
  accountId: string,
  now = new Date(),
): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.actorType, actorType),
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt));
}

/**
 * A sign-in from a browser (user agent) the account has not used before; an account's very first sign-in is not
 * counted, as there is nothing to compare it with.
 */
export async function isNewDevice(
  db: Database,
  actorType: SessionActor,
  accountId: string,
  userAgent: string | null,
  exceptId: string,
): Promise<boolean> {
  const earlier = await db
    .select({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(
      and(eq(sessions.actorType, actorType), eq(sessions.accountId, accountId), ne(sessions.id, exceptId)),
    )
    .groupBy(sessions.userAgent);
  return earlier.length > 0 && !earlier.some((row) => row.userAgent === userAgent);
}
