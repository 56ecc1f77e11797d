import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { admins } from '../../db/schema.ts';

export type AdminRow = typeof admins.$inferSelect;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findAdminByEmail(db: Database, email: string): Promise<AdminRow | null> {
  const [row] = await db
    .select()
    .from(admins)
    .where(eq(admins.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export async function recordAdminLogin(db: Database, id: string, at: Date): Promise<AdminRow | null> {
  const [row] = await db.update(admins).set({ lastLoginAt: at }).where(eq(admins.id, id)).returning();
  return row ?? null;
}
