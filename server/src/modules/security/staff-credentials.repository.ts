import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { admins, sessions } from '../../db/schema.ts';

export type StaffCredentialsRow = typeof admins.$inferSelect;

export async function findStaffById(db: Database, id: string): Promise<StaffCredentialsRow | null> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  return row ?? null;
}

export async function setPendingTwoFactorSecret(db: Database, id: string, secret: string): Promise<void> {
  await db
    .update(admins)
    .set({ twoFactorPendingSecret: secret, updatedAt: new Date() })
    .where(eq(admins.id, id));
}

/**
 * Turns two-factor on with the pending secret the code was checked against; null when that secret is no longer
 * the pending one (a second enrolment started meanwhile), so a code for an old QR code never enables a new one.
 */
export async function enableTwoFactor(
  db: Database,
  id: string,
  pendingSecret: string,
  storedSecret: string,
  recoveryCodeHashes: string[],
): Promise<StaffCredentialsRow | null> {
  const [row] = await db
    .update(admins)
    .set({
      twoFactorEnabled: true,
      twoFactorSecret: storedSecret,
      twoFactorPendingSecret: null,
      recoveryCodes: recoveryCodeHashes,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(admins.id, id),
        eq(admins.twoFactorPendingSecret, pendingSecret),
        eq(admins.twoFactorEnabled, false),
      ),
    )
    .returning();
  return row ?? null;
}

export async function disableTwoFactor(db: Database, id: string): Promise<void> {
  await db
    .update(admins)
    .set({
      twoFactorEnabled: false,
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      recoveryCodes: [],
      updatedAt: new Date(),
    })
    .where(eq(admins.id, id));
}

/** Removes one recovery code hash if it is still there: true when this call used it (each works once). */
export async function consumeRecoveryCode(db: Database, id: string, hash: string): Promise<boolean> {
  const used = await db
    .update(admins)
    .set({ recoveryCodes: sql`array_remove(${admins.recoveryCodes}, ${hash})`, updatedAt: new Date() })
    .where(and(eq(admins.id, id), sql`${hash} = ANY(${admins.recoveryCodes})`))
    .returning({ id: admins.id });
  return used.length > 0;
}

/**
 * Sets a new password: the expiry clock starts again, a requested change is done, and every older token and
 * session of the account ends (they were opened with the old password).
 */
export async function replaceStaffPassword(
  db: Database,
  id: string,
  passwordHash: string,
  now = new Date(),
): Promise<StaffCredentialsRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(admins)
      .set({
        passwordHash,
        passwordChangedAt: now,
        mustChangePassword: false,
        tokenVersion: sql`${admins.tokenVersion} + 1`,
        updatedAt: now,
      })
      .where(eq(admins.id, id))
      .returning();
    if (!row) return null;
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.actorType, 'admin'), eq(sessions.accountId, id), isNull(sessions.revokedAt)));
    return row;
  });
}

/** Stores a two-factor secret kept in plain text before encryption at rest, now sealed. */
export async function resealTwoFactorSecret(
  db: Database,
  id: string,
  plain: string,
  sealed: string,
): Promise<void> {
  await db
    .update(admins)
    .set({ twoFactorSecret: sealed })
    .where(and(eq(admins.id, id), eq(admins.twoFactorSecret, plain)));
}
