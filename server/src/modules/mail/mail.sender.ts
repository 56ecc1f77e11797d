import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

/** Tries per message before the sender gives up on it (the last error stays on the row). */
export const MAX_ATTEMPTS = 5;
/** How long a claimed message is left to its sender before another may try it (a sender that died). */
export const CLAIM_MS = 2 * 60_000;
/** The wait after a refused try: 30 s, then twice as long after each next one (30 s, 1, 2, 4 min). */
export const retryDelayMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);

export interface MailTransport {
  send(message: { from: string; to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

/** An SMTP transport from an `smtp://user:pass@host:port` or `smtps://…` address. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

export interface DeliveryResult {
  sent: number;
  failed: number;
}

/**
 * Sends unsent outbox messages. Each is first claimed in a short statement (`FOR UPDATE SKIP LOCKED`, with a lease
 * and its attempt counted), so several API instances never send one message twice; the SMTP conversation happens
 * outside any transaction, so the database (PGlite is one connection) is not held while a mail server answers.
 */
export async function deliverOutbox(
  db: Database,
  transport: MailTransport,
  options: { from: string; batch?: number; now?: () => Date },
): Promise<DeliveryResult> {
  const now = options.now ?? (() => new Date());
  const claimedAt = now();
  const claimable = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(dueNow(claimedAt))
    .orderBy(asc(outbox.createdAt))
    .limit(options.batch ?? 20)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      claimedUntil: new Date(claimedAt.getTime() + CLAIM_MS),
    })
    .where(sql`${outbox.id} in ${claimable}`)
    .returning({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      body: outbox.body,
      attempts: outbox.attempts,
    });

  const result: DeliveryResult = { sent: 0, failed: 0 };
  for (const message of claimed) {
    try {
      await transport.send({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.body,
      });
      await db
        .update(outbox)
        .set({ sentAt: now(), error: null, claimedUntil: null })
        .where(eq(outbox.id, message.id));
      result.sent += 1;
    } catch (error) {
      // The server's answer, never the transport's settings (they hold the SMTP password).
      const reason =
        error instanceof Error ? error.message.slice(0, 500) : 'the mail server refused the message';
      // The lease is kept as the wait before the next try, so a mail server that is down is not hammered.
      await db
        .update(outbox)
        .set({ error: reason, claimedUntil: new Date(now().getTime() + retryDelayMs(message.attempts)) })
        .where(eq(outbox.id, message.id));
      result.failed += 1;
    }
  }
  return result;
}

/** Unsent messages with tries left whose lease or wait is over. */
const dueNow = (at: Date) =>
  and(
    isNull(outbox.sentAt),
    lt(outbox.attempts, MAX_ATTEMPTS),
    or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, at)),
  );

/** Whether any message waits to be sent now: the cheap look that decides whether a delivery job is worth sending. */
export async function outboxDue(db: Database, at = new Date()): Promise<boolean> {
  const [row] = await db.select({ id: outbox.id }).from(outbox).where(dueNow(at)).limit(1);
  return row !== undefined;
}
