import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { admins, sessions, signInChallenges } from '../../db/schema.ts';

/** Codes one two-factor challenge takes, from all addresses together; then it is dead. */
export const MAX_CHALLENGE_TRIES = 5;

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
      // A new secret's codes have nothing to do with the old one's steps.
      twoFactorLastStep: null,
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

/**
 * Takes the 30-second step of an accepted authenticator code, only when it is newer than the last one taken: a
 * code (or an older one) cannot be used twice, even by two requests at once.
 */
export async function takeTwoFactorStep(db: Database, id: string, step: number): Promise<boolean> {
  const taken = await db
    .update(admins)
    .set({ twoFactorLastStep: step })
    .where(and(eq(admins.id, id), or(isNull(admins.twoFactorLastStep), lt(admins.twoFactorLastStep, step))))
    .returning({ id: admins.id });
  return taken.length > 0;
}

/** Records a challenge handed out (its token's id); challenges long expired are cleared on the way. */
export async function openChallenge(
  db: Database,
  challenge: { id: string; adminId: string; expiresAt: Date },
  now = new Date(),
): Promise<void> {
  await db.delete(signInChallenges).where(lte(signInChallenges.expiresAt, now));
  await db.insert(signInChallenges).values(challenge);
}

const liveChallenge = (id: string, adminId: string, now: Date) =>
  and(
    eq(signInChallenges.id, id),
    eq(signInChallenges.adminId, adminId),
    isNull(signInChallenges.usedAt),
    gt(signInChallenges.expiresAt, now),
  );

/** Whether the challenge was handed out to this account and is neither used nor expired. */
export async function challengeIsLive(db: Database, id: string, adminId: string, now = new Date()) {
  const [row] = await db
    .select({ id: signInChallenges.id })
    .from(signInChallenges)
    .where(liveChallenge(id, adminId, now))
    .limit(1);
  return row !== undefined;
}

/** Counts one code tried on the challenge; false when it has no try left (from any address) or is spent. */
export async function takeChallengeTry(db: Database, id: string, adminId: string, now = new Date()) {
  const taken = await db
    .update(signInChallenges)
    .set({ tries: sql`${signInChallenges.tries} + 1` })
    .where(and(liveChallenge(id, adminId, now), lt(signInChallenges.tries, MAX_CHALLENGE_TRIES)))
    .returning({ id: signInChallenges.id });
  return taken.length > 0;
}

/** Uses the challenge up: true for the one call that did, so one challenge leads to one next step only. */
export async function useChallenge(db: Database, id: string, adminId: string, now = new Date()) {
  const used = await db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(liveChallenge(id, adminId, now))
    .returning({ id: signInChallenges.id });
  return used.length > 0;
}
