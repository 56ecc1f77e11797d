import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema.ts';
import { bearer, demoAdminToken } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { queueMail } from './mail.outbox.ts';
import {
  deliverOutbox,
  MAX_ATTEMPTS,
  type MailTransport,
  outboxDue,
  retryDelayMs,
  smtpTransport,
} from './mail.sender.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback; `refuse` makes it answer 550 to every message. */
async function startSmtp(options: { refuse?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (auth, _session, callback) =>
      auth.username === 'mailer' && auth.password === 'mail-secret'
        ? callback(null, { user: 'mailer' })
        : callback(new Error('Invalid username or password')),
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        if (options.refuse) {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://mailer:mail-secret@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const FROM = 'Shop <no-reply@shop.example>';

describe('outbox delivery over SMTP', () => {
  let t: TestApp;
  let staff: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let transport: MailTransport;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    staff = await demoAdminToken(t.app);
    smtp = await startSmtp();
    transport = smtpTransport(smtp.url);
  });
  afterAll(async () => {
    transport.close();
    await smtp.close();
    await t.close();
  });
  beforeEach(async () => {
    // Whatever the seed or earlier tests left is sent first, so each test sees only its own messages.
    await deliverOutbox(t.db, transport, { from: FROM, batch: 500 });
    smtp.received.length = 0;
  });

  it("sends a new admin's welcome message and an invitation, and marks them sent", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admins',
      headers: bearer(staff),
      payload: {
        firstName: 'Farhana',
        lastName: 'Akter',
        email: 'farhana.mail@example.com',
        role: 'Editor',
        password: 'Catalog-Keeper-7',
        confirmPassword: 'Catalog-Keeper-7',
        isActive: true,
        sendWelcomeEmail: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: bearer(staff),
      payload: { email: 'invited.mail@example.com', name: 'Karim Hasan' },
    });
    expect(invited.statusCode, invited.body).toBeLessThan(300);

    const result = await deliverOutbox(t.db, transport, { from: FROM });
    expect(result).toEqual({ sent: 2, failed: 0 });
    const welcome = smtp.received.find((m) => m.to.includes('farhana.mail@example.com'));
    const invitation = smtp.received.find((m) => m.to.includes('invited.mail@example.com'));
    expect(welcome?.from).toBe('no-reply@shop.example');
    expect(welcome?.raw).toContain('Subject: Welcome to the store back office');
    expect(invitation?.raw).toMatch(/\/invitation/);

    const rows = await t.db.select().from(outbox).where(eq(outbox.to, 'farhana.mail@example.com'));
    expect(rows[0]?.sentAt).toBeInstanceOf(Date);
    expect(rows[0]?.attempts).toBe(1);
    // Nothing is sent twice.
    expect(await deliverOutbox(t.db, transport, { from: FROM })).toEqual({ sent: 0, failed: 0 });
  });

  it('sends each message once when two senders run at the same time', async () => {
    await t.db.insert(outbox).values(
      Array.from({ length: 6 }, (_, i) => ({
        to: `race${i}@example.com`,
        subject: 'Race',
        body: `Message ${i}`,
        kind: 'test',
      })),
    );
    const second = smtpTransport(smtp.url);
    const [a, b] = await Promise.all([
      deliverOutbox(t.db, transport, { from: FROM, batch: 3 }),
      deliverOutbox(t.db, second, { from: FROM, batch: 3 }),
    ]);
    second.close();
    expect(a.sent + b.sent).toBe(6);
    const recipients = smtp.received.flatMap((m) => m.to).filter((to) => to.startsWith('race'));
    expect(recipients.sort()).toEqual(Array.from({ length: 6 }, (_, i) => `race${i}@example.com`));
  });

  it('keeps the error of a refused message, retries it, and gives up after the last attempt', async () => {
    const refusing = await startSmtp({ refuse: true });
    const refused = smtpTransport(refusing.url);
    try {
      const [row] = await t.db
        .insert(outbox)
        .values({ to: 'nobody@example.com', subject: 'Hello', body: 'Hi', kind: 'test' })
        .returning();
      if (!row) throw new Error('no outbox row');
      const attempts = async () =>
        (await t.db.select().from(outbox).where(eq(outbox.id, row.id)))[0]?.attempts;
      let clock = Date.now();
      const now = () => new Date(clock);
      await deliverOutbox(t.db, refused, { from: FROM, now });
      // A refused message waits before its next try.
      await deliverOutbox(t.db, refused, { from: FROM, now });
      expect(await attempts()).toBe(1);
      expect(await outboxDue(t.db, now())).toBe(false);
      clock += retryDelayMs(1) + 1000;
      expect(await outboxDue(t.db, now())).toBe(true);
      for (let round = 2; round <= MAX_ATTEMPTS + 2; round++) {
        await deliverOutbox(t.db, refused, { from: FROM, now });
        clock += retryDelayMs(MAX_ATTEMPTS) + 1000;
      }
      expect(await outboxDue(t.db, now())).toBe(false);
      const [after] = await t.db.select().from(outbox).where(eq(outbox.id, row.id));
      expect(after?.sentAt).toBeNull();
      expect(after?.attempts).toBe(MAX_ATTEMPTS);
      expect(after?.error).toMatch(/Mailbox unavailable/);
      expect(after?.error).not.toContain('mail-secret');
    } finally {
      refused.close();
      await refusing.close();
    }
  });

  it('never sends the SMTP password to the log or the row when sign-in to the mail server fails', async () => {
    const wrong = smtpTransport(smtp.url.replace('mail-secret', 'wrong-secret'));
    try {
      const [row] = await t.db
        .insert(outbox)
        .values({ to: 'auth@example.com', subject: 'Hello', body: 'Hi', kind: 'test' })
        .returning();
      if (!row) throw new Error('no outbox row');
      const result = await deliverOutbox(t.db, wrong, { from: FROM });
      expect(result.failed).toBeGreaterThan(0);
      const [after] = await t.db.select().from(outbox).where(eq(outbox.id, row.id));
      expect(after?.error).toBeTruthy();
      expect(after?.error).not.toContain('wrong-secret');
    } finally {
      wrong.close();
    }
  });
});

describe('outbox delivery as a background job', () => {
  const message = (to: string) => ({ to, subject: 'Your order', body: 'Thanks', kind: 'test' });
  const rowFor = async (t: TestApp, to: string) =>
    (await t.db.select().from(outbox).where(eq(outbox.to, to)))[0];

  it('sends what is queued within seconds, through the job queue', async () => {
    const smtp = await startSmtp();
    const t = await createTestApp({
      config: { backgroundJobs: true, mail: { smtpUrl: smtp.url, from: FROM } },
    });
    try {
      await queueMail(t.db, message('queued@example.com'));
      const deadline = Date.now() + 20_000;
      while (!(await rowFor(t, 'queued@example.com'))?.sentAt && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await rowFor(t, 'queued@example.com'))?.sentAt).toBeInstanceOf(Date);
      expect(smtp.received.flatMap((m) => m.to)).toEqual(['queued@example.com']);
      const { rows } = await t.database.execute(
        "select state from jobs.job where name = 'mail.deliver' and state = 'completed'",
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('sends nothing with BACKGROUND_JOBS=false: the message waits in the outbox', async () => {
    const smtp = await startSmtp();
    const t = await createTestApp({
      config: { backgroundJobs: false, mail: { smtpUrl: smtp.url, from: FROM } },
    });
    try {
      await queueMail(t.db, message('kept@example.com'));
      // Longer than the job's look every few seconds would take to send it.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      expect(smtp.received).toEqual([]);
      expect(await rowFor(t, 'kept@example.com')).toMatchObject({ sentAt: null, attempts: 0 });
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
