import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { SecretBox } from '../lib/secret-box.ts';
import type { Database } from './client.ts';
import { admins, storeSettings } from './schema.ts';

export interface ResealResult {
  /** Values a previous key had sealed, now sealed under the current one. */
  resealed: number;
  /** Values no configured key opens (a key was removed too early, or the value was tampered with). */
  unreadable: number;
}

/**
 * Moves every value sealed with a previous data key (lib/secret-box.ts) to the current key, in one transaction,
 * so the previous key can be dropped after one start. Each write is conditional on the value read, so a secret
 * changed meanwhile by a sign-in or another starting instance is left as that one wrote it.
 */
export async function resealStoredSecrets(db: Database, box: SecretBox): Promise<ResealResult> {
  return db.transaction(async (tx) => {
    const result: ResealResult = { resealed: 0, unreadable: 0 };
    const fresh = (stored: string | null): string | null => {
      if (stored === null) return null;
      const key = box.keyFor(stored);
      if (key === 'none') result.unreadable += 1;
      const plain = key === 'previous' ? box.open(stored) : null;
      return plain === null ? null : box.seal(plain);
    };

    const staff = await tx
      .select({ id: admins.id, secret: admins.twoFactorSecret, pending: admins.twoFactorPendingSecret })
      .from(admins)
      .where(or(isNotNull(admins.twoFactorSecret), isNotNull(admins.twoFactorPendingSecret)));
    for (const row of staff) {
      const secret = fresh(row.secret);
      if (secret !== null && row.secret !== null) {
        const written = await tx
          .update(admins)
          .set({ twoFactorSecret: secret })
          .where(and(eq(admins.id, row.id), eq(admins.twoFactorSecret, row.secret)))
          .returning({ id: admins.id });
        result.resealed += written.length;
      }
      const pending = fresh(row.pending);
      if (pending !== null && row.pending !== null) {
        const written = await tx
          .update(admins)
          .set({ twoFactorPendingSecret: pending })
          .where(and(eq(admins.id, row.id), eq(admins.twoFactorPendingSecret, row.pending)))
          .returning({ id: admins.id });
        result.resealed += written.length;
      }
    }

    const settings = await tx
      .select({ id: storeSettings.id, sealed: storeSettings.courierApiKeySealed })
      .from(storeSettings)
      .where(isNotNull(storeSettings.courierApiKeySealed));
    for (const row of settings) {
      const sealed = fresh(row.sealed);
      if (sealed === null || row.sealed === null) continue;
      const written = await tx
        .update(storeSettings)
        .set({ courierApiKeySealed: sealed })
        .where(and(eq(storeSettings.id, row.id), eq(storeSettings.courierApiKeySealed, row.sealed)))
        .returning({ id: storeSettings.id });
      result.resealed += written.length;
    }
    return result;
  });
}
