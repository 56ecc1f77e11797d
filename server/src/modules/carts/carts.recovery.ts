import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { carts, customers, orders } from '../../db/schema.ts';
import { queueMail } from '../mail/index.ts';
import { readStoreSettings } from '../settings/index.ts';
import type { CartLinks } from './carts.links.ts';
import { cartReminder, type ReminderKind, recoverLink, unsubscribeLink } from './carts.mail.ts';
import { readCart } from './carts.repository.ts';
import { readRecoverySettings } from './carts.settings.ts';
import { priceCartLines } from './carts.view.ts';

export const SECOND_REMINDER_MINUTES = 24 * 60;
/** Carts looked at per run; the next run (minutes later) takes the rest. */
const BATCH = 100;

export interface ReminderDeps {
  db: Database;
  links: CartLinks;
  storeUrl: string;
  /** How long a cart waits untouched before the first reminder (60 minutes unless configured). */
  firstAfterMinutes: number;
  now?: () => Date;
}

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/** Shoppers whose cart has a reminder due, oldest left first. */
function dueCarts(db: Database, now: Date, firstAfterMinutes: number, limit: number) {
  const firstDue = minutesBefore(now, firstAfterMinutes);
  const secondDue = minutesBefore(now, Math.max(SECOND_REMINDER_MINUTES, firstAfterMinutes));
  const orderedSince = sql`exists (select 1 from ${orders} where ${orders.customerId} = ${carts.customerId} and ${orders.createdAt} >= ${carts.updatedAt})`;
  return db
    .select({ customerId: carts.customerId })
    .from(carts)
    .innerJoin(customers, eq(customers.id, carts.customerId))
    .where(
      and(
        lte(carts.updatedAt, firstDue),
        sql`(${carts.firstReminderVersion} is distinct from ${carts.version} or (${carts.updatedAt} <= ${secondDue} and ${carts.secondReminderVersion} is distinct from ${carts.version}))`,
        isNull(customers.cartRemindersOffAt),
        isNull(customers.deletedAt),
        eq(customers.status, 'Active'),
        sql`not ${orderedSince}`,
      ),
    )
    .orderBy(carts.updatedAt)
    .limit(limit);
}

/** Whether any reminder is due now (the job's wake-up check when the delay is under a minute). */
export async function remindersDue(deps: ReminderDeps): Promise<boolean> {
  const now = (deps.now ?? (() => new Date()))();
  if (!(await readRecoverySettings(deps.db)).enabled) return false;
  return (await dueCarts(deps.db, now, deps.firstAfterMinutes, 1)).length > 0;
}

/**
 * Sends the reminders that are due: the first once a signed-in shopper's cart has been left untouched for an hour,
 * the second after a day (with the coupon staff chose). Each goes at most once per version of the cart; a cart the
 * shopper has since ordered from, an unsubscribed or closed account, and an empty cart get none.
 */
export async function sendCartReminders(deps: ReminderDeps): Promise<{ first: number; second: number }> {
  const { db } = deps;
  const now = (deps.now ?? (() => new Date()))();
  const sent = { first: 0, second: 0 };
  const settings = await readRecoverySettings(db);
  if (!settings.enabled) return sent;
  const firstDue = minutesBefore(now, deps.firstAfterMinutes);
  const secondDue = minutesBefore(now, Math.max(SECOND_REMINDER_MINUTES, deps.firstAfterMinutes));
  const due = await dueCarts(db, now, deps.firstAfterMinutes, BATCH);
  if (due.length === 0) return sent;
  const shopName = (await readStoreSettings(db)).storeName;

  for (const { customerId } of due) {
    const kind = await db.transaction(async (tx): Promise<ReminderKind | null> => {
      // Taken again under a lock: another instance may have sent it, or the shopper changed the cart meanwhile.
      const [cart] = await tx
        .select({
          version: carts.version,
          updatedAt: carts.updatedAt,
          first: carts.firstReminderVersion,
          second: carts.secondReminderVersion,
          email: customers.email,
          name: customers.name,
          settings: customers.settings,
        })
        .from(carts)
        .innerJoin(customers, eq(customers.id, carts.customerId))
        .where(and(eq(carts.customerId, customerId), lte(carts.updatedAt, firstDue)))
        .for('update', { of: carts });
      if (!cart) return null;
      const which: ReminderKind | null =
        cart.first !== cart.version
          ? 'first'
          : cart.updatedAt <= secondDue && cart.second !== cart.version
            ? 'second'
            : null;
      if (!which) return null;
      const mark =
        which === 'first' ? { firstReminderVersion: cart.version } : { secondReminderVersion: cart.version };
      await tx.update(carts).set(mark).where(eq(carts.customerId, customerId));
      const { lines } = await readCart(tx, customerId);
      const currency = typeof cart.settings.currency === 'string' ? cart.settings.currency : 'USD';
      // Without a rate for the shopper's currency today, the mail shows USD rather than nothing.
      let shownIn = currency;
      let priced = await priceCartLines(tx, customerId, lines, currency);
      if (priced === null) {
        shownIn = 'USD';
        priced = await priceCartLines(tx, customerId, lines, shownIn);
      }
      // A cart whose every line has gone (sold out, withdrawn) has nothing to remind of; the version is marked.
      if (!priced || priced.length === 0) return null;
      await queueMail(tx, {
        ...cartReminder({
          kind: which,
          to: cart.email,
          name: cart.name,
          shopName,
          lines: priced,
          currency: shownIn,
          recoverUrl: recoverLink(deps.storeUrl, deps.links.sign(customerId, 'recover', now)),
          unsubscribeUrl: unsubscribeLink(deps.storeUrl, deps.links.sign(customerId, 'unsubscribe', now)),
          coupon: settings.couponCode,
        }),
        createdAt: now,
      });
      return which;
    });
    if (kind) sent[kind] += 1;
  }
  return sent;
}
