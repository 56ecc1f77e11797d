import { and, count, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, orders } from '../../db/schema.ts';
import { queueMail } from '../mail/index.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerChanges = Partial<
  Pick<CustomerRow, 'username' | 'email' | 'phone' | 'firstName' | 'lastName' | 'name' | 'address'>
>;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Usernames are case-insensitive sign-in identifiers, so they are kept lower-cased. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** Phone numbers are compared without spaces, dashes, dots or brackets: '+880 1712-345678' is '+8801712345678'. */
export function normalizePhone(phone: string): string {
  return phone.trim().replace(/[\s().-]/g, '');
}

const PHONE_LIKE = /^\+?[\d\s().-]{4,}$/;

/**
 * The account a sign-in identifier names: an email, a username or a phone number (the storefront's single field).
 * When one text matches different accounts in different ways, email wins over username over phone.
 */
export async function findCustomerByIdentifier(
  db: Database,
  identifier: string,
): Promise<CustomerRow | null> {
  const text = identifier.trim();
  const email = normalizeEmail(text);
  const username = normalizeUsername(text);
  const conditions = [eq(customers.email, email), eq(customers.username, username)];
  if (PHONE_LIKE.test(text)) conditions.push(eq(customers.phone, normalizePhone(text)));
  const rows = await db
    .select()
    .from(customers)
    .where(or(...conditions))
    .limit(3);
  return (
    rows.find((row) => row.email === email) ??
    rows.find((row) => row.username === username) ??
    rows.find((row) => row.phone !== null && row.phone === normalizePhone(text)) ??
    null
  );
}

export async function findCustomerById(db: Database, id: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ?? null;
}

export async function emailTaken(db: Database, email: string, exceptId?: string): Promise<boolean> {
  const condition = exceptId
    ? and(eq(customers.email, email), ne(customers.id, exceptId))
    : eq(customers.email, email);
  const [row] = await db.select({ id: customers.id }).from(customers).where(condition).limit(1);
  return row !== undefined;
}

export async function usernameTaken(db: Database, username: string, exceptId?: string): Promise<boolean> {
  const condition = exceptId
    ? and(eq(customers.username, username), ne(customers.id, exceptId))
    : eq(customers.username, username);
  const [row] = await db.select({ id: customers.id }).from(customers).where(condition).limit(1);
  return row !== undefined;
}

export async function phoneTaken(db: Database, phone: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.phone, phone), ne(customers.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** A free username made from the email's local part: 'nusrat', then 'nusrat2', 'nusrat3', ... */
export async function deriveUsername(db: Database, email: string): Promise<string> {
  const local = normalizeEmail(email).split('@')[0] ?? '';
  const base = local.replace(/[^a-z0-9._-]/g, '').slice(0, 30) || 'shopper';
  const rows = await db
    .select({ username: customers.username })
    .from(customers)
    .where(sql`${customers.username} = ${base} OR ${customers.username} ~ ${`^${escapeRegex(base)}[0-9]+$`}`);
  const taken = new Set(rows.map((row) => row.username));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    if (!taken.has(`${base}${suffix}`)) return `${base}${suffix}`;
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

export async function insertCustomer(
  db: Database,
  values: Pick<CustomerRow, 'username' | 'email' | 'name' | 'passwordHash'> &
    Partial<Pick<CustomerRow, 'hasPassword'>>,
): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Saves the changes; `notice`, when given, is a message queued in the same transaction (sent only if saved). */
export async function updateCustomer(
  db: Database,
  id: string,
  changes: CustomerChanges,
  notice?: { to: string; subject: string; body: string; kind: string },
): Promise<CustomerRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(customers)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(customers.id, id))
      .returning();
    if (row && notice) await queueMail(tx, notice);
    return row ?? null;
  });
}

/** Stores a new password and bumps the token version in one statement, ending every older token. */
export async function replacePassword(
  db: Database,
  id: string,
  passwordHash: string,
): Promise<CustomerRow | null> {
  const [row] = await db
    .update(customers)
    .set({
      passwordHash,
      hasPassword: true,
      tokenVersion: sql`${customers.tokenVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(customers.id, id))
    .returning();
  return row ?? null;
}

export async function recordCustomerLogin(db: Database, id: string, at: Date): Promise<void> {
  await db.update(customers).set({ lastLoginAt: at }).where(eq(customers.id, id));
}

export async function countOrders(db: Database, customerId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(orders).where(eq(orders.customerId, customerId));
  return row?.total ?? 0;
}
