import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

/** Tries per message before the sender gives up on it (the last error stays on the row). */
export const MAX_ATTEMPTS = 5;
/** How long a claimed message is left to its sender before another may try it (a sender that died). */
export const CLAIM_MS = 2 * 60_000;

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
    .where(
      and(
        isNull(outbox.sentAt),
        lt(outbox.attempts, MAX_ATTEMPTS),
        or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, claimedAt)),
      ),
    )
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
    .returning({ id: outbox.id, to: outbox.to, subject: outbox.subject, body: outbox.body });

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
      await db.update(outbox).set({ error: reason, claimedUntil: null }).where(eq(outbox.id, message.id));
      result.failed += 1;
    }
  }
  return result;
}

/**
 * Delivers the outbox every `intervalMs` until stopped. One round at a time; a round that throws (the database
 * is away) is logged and the next one tries again.
 */
export function startOutboxDelivery(
  db: Database,
  transport: MailTransport,
  options: { from: string; intervalMs?: number; log: { warn: (obj: object, msg: string) => void } },
): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => deliverOutbox(db, transport, { from: options.from }))
      .then(
        (result) => {
          if (result.failed > 0)
            options.log.warn({ failed: result.failed }, 'some messages could not be sent');
        },
        (error: unknown) => options.log.warn({ err: error }, 'outbox delivery failed'),
      );
  }, options.intervalMs ?? 5000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
