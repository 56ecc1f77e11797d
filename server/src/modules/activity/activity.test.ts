import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../db/capped-count.ts';
import type { Transaction } from '../../db/client.ts';
import { activityLog, sessions } from '../../db/schema.ts';
import type { OperationId } from '../../http/contract-types.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, createStaff, demoAdminToken, limitedStaffToken } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestOrder } from '../refunds/refunds.fixtures.ts';
import { listActivity } from './activity.list.repository.ts';
import type { ActivityEntry } from './activity.repository.ts';

interface ActivityBody {
  id: string;
  admin: string | null;
  adminId: string | null;
  email: string | null;
  action: string;
  details: string;
  ip: string | null;
  userAgent: string | null;
  location: string | null;
  timestamp: string;
  status: 'success' | 'failed' | 'warning';
  sessionDuration: number | null;
  target: string | null;
  changes: { before: Record<string, unknown>; after: Record<string, unknown> } | null;
}

interface ListBody {
  data: ActivityBody[];
  meta: { page: number; limit: number; total: number; capped?: boolean };
  facets: { admins: Array<{ _id: string; name: string; email: string }>; actions: string[] };
}

const DEVICE = 'Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0';

/** Splits one CSV line into cells (quoted cells may hold commas and doubled quotes). */
function splitCsv(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += c;
    }
  }
  cells.push(cell);
  return cells;
}

/**
 * What `work` returns and how many scans of the named tables or indexes it made. The database counts a session's
 * scans since it last reported them, so only a difference taken inside one transaction is the work's own.
 */
async function scansDuring<T>(
  tx: Transaction,
  relations: string[],
  work: () => Promise<T>,
): Promise<{ result: T; scans: number }> {
  const counted = async () => {
    const result = await tx.execute(
      sql`select coalesce(sum(pg_stat_get_xact_numscans(c.oid)), 0)::int as n from pg_class c where c.relname in ${relations}`,
    );
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
  };
  const before = await counted();
  const result = await work();
  return { result, scans: (await counted()) - before };
}

describe('activity log API', () => {
  let t: TestApp;
  let admin: string;
  let alice: { id: string; name: string; email: string };
  let bob: { id: string; name: string; email: string };

  const call = (url: string, token: string | null = admin) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: token ? bearer(token) : {} });

  async function expectAnswer<T>(
    operationId: OperationId,
    response: Awaited<ReturnType<typeof call>>,
    status: number,
  ): Promise<T> {
    expect(response.statusCode, response.body).toBe(status);
    assertMatchesContract(operationId, response);
    return response.json<T>();
  }

  const list = async (query: string) =>
    expectAnswer<ListBody>('listActivity', await call(`/admin/activity?${query}`), 200);

  /** Alice's entries, written straight to the log so their times are known. */
  const aliceEntry = (values: Partial<ActivityEntry> & { at: Date }): ActivityEntry => ({
    actorType: 'admin',
    actorId: alice.id,
    actorName: alice.name,
    actorEmail: alice.email,
    action: 'product.update',
    ip: '203.0.113.7',
    userAgent: DEVICE,
    ...values,
  });

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    const aliceRow = await createStaff(t.db, { email: 'alice.audit@example.org', password: 'unused-pass-1' });
    const bobRow = await createStaff(t.db, { email: 'bob.audit@example.org', password: 'unused-pass-1' });
    alice = { id: aliceRow.id, name: 'Alice Auditor', email: aliceRow.email };
    bob = { id: bobRow.id, name: 'Bob Builder', email: bobRow.email };

    // Twelve of Alice's product updates, one a day from 2025-03-01 to 2025-03-12 at noon UTC.
    await t.db.insert(activityLog).values(
      Array.from({ length: 12 }, (_, index) =>
        aliceEntry({
          at: new Date(Date.UTC(2025, 2, index + 1, 12)),
          target: `product:p${index + 1}`,
          details: { title: `Widget ${index + 1}`, status: 'published' },
        }),
      ),
    );
    await t.db.insert(activityLog).values([
      aliceEntry({
        at: new Date('2025-03-20T09:00:00Z'),
        action: 'product.update',
        target: 'product:blue',
        details: {
          title: 'Blue Kettle',
          status: 'published',
          before: { title: 'Blue Kettle', status: 'draft' },
          after: { title: 'Blue Kettle', status: 'published' },
          location: 'Dhaka, BD',
        },
      }),
      {
        actorType: 'admin',
        actorId: bob.id,
        actorName: bob.name,
        actorEmail: bob.email,
        action: 'order.status',
        target: 'order:ORD-20250321-0001',
        outcome: 'failed',
        ip: '198.51.100.4',
        userAgent: 'curl/8',
        details: { to: 'Delivered', reason: 'Discount 100% off, =SUM(A1:A2)' },
        at: new Date('2025-03-21T10:00:00Z'),
      },
      {
        actorType: 'admin',
        actorId: bob.id,
        actorName: bob.name,
        actorEmail: bob.email,
        action: 'admin.login',
        outcome: 'warning',
        details: { reason: 'new device' },
        at: new Date('2025-03-22T08:00:00Z'),
      },
      // A shopper's own act with Bob's name in it: not staff activity, so never listed here.
      {
        actorType: 'customer',
        actorName: 'Bob Builder',
        actorEmail: 'bob.shopper@example.org',
        action: 'order.cancel',
        details: {},
        at: new Date('2025-03-22T09:00:00Z'),
      },
    ]);
    // Alice signed in on this device an hour and a half before the Blue Kettle change; a revoked session from
    // before that and a session on another device do not count.
    await t.db.insert(sessions).values([
      {
        actorType: 'admin',
        accountId: alice.id,
        userAgent: DEVICE,
        createdAt: new Date('2025-03-20T07:30:00Z'),
        lastUsedAt: new Date('2025-03-20T09:00:00Z'),
        expiresAt: new Date('2025-03-21T07:30:00Z'),
      },
      {
        actorType: 'admin',
        accountId: alice.id,
        userAgent: DEVICE,
        createdAt: new Date('2025-03-20T05:00:00Z'),
        expiresAt: new Date('2025-03-21T05:00:00Z'),
        revokedAt: new Date('2025-03-20T06:00:00Z'),
      },
      {
        actorType: 'admin',
        accountId: alice.id,
        userAgent: 'Other/2.0',
        createdAt: new Date('2025-03-20T08:59:00Z'),
        expiresAt: new Date('2025-03-21T08:59:00Z'),
      },
    ]);
  });
  afterAll(() => t.close());

  describe('who may call it', () => {
    it('answers 401 without a token and 403 to staff without the admins permission', async () => {
      const ordersStaff = await limitedStaffToken(t.app, t.db, ['orders', 'products'], 'Manager');
      for (const [operationId, url] of [
        ['listActivity', '/admin/activity'],
        ['exportActivity', '/admin/activity/export'],
      ] as const) {
        const anonymous = await call(url, null);
        expect(anonymous.statusCode, url).toBe(401);
        assertMatchesContract(operationId, anonymous);
        const refused = await call(url, ordersStaff);
        expect(refused.statusCode, url).toBe(403);
        assertMatchesContract(operationId, refused);
      }
    });

    it('lets staff holding the admins permission (not only the super admin) read it', async () => {
      const adminsStaff = await limitedStaffToken(t.app, t.db, ['admins'], 'Support');
      await expectAnswer('listActivity', await call('/admin/activity', adminsStaff), 200);
    });
  });

  describe('GET /admin/activity', () => {
    it('pages Alice’s entries ten at a time, newest first', async () => {
      const first = await list(`admin=${alice.id}`);
      expect(first.meta).toEqual({ page: 1, limit: 10, total: 13, capped: false });
      expect(first.data).toHaveLength(10);
      expect(first.data.map((entry) => entry.target)).toEqual([
        'product:blue',
        ...Array.from({ length: 9 }, (_, index) => `product:p${12 - index}`),
      ]);
      const second = await list(`admin=${alice.id}&page=2`);
      expect(second.meta).toEqual({ page: 2, limit: 10, total: 13, capped: false });
      expect(second.data.map((entry) => entry.target)).toEqual(['product:p3', 'product:p2', 'product:p1']);
      expect(second.data[2]).toEqual({
        id: expect.any(String),
        admin: 'Alice Auditor',
        adminId: alice.id,
        email: 'alice.audit@example.org',
        action: 'product.update',
        details: 'title: Widget 1; status: published',
        ip: '203.0.113.7',
        userAgent: DEVICE,
        location: null,
        timestamp: '2025-03-01T12:00:00.000Z',
        status: 'success',
        sessionDuration: null,
        target: 'product:p1',
        changes: null,
      });
      const beyond = await list(`admin=${alice.id}&page=3`);
      expect(beyond.data).toEqual([]);
      expect(beyond.meta.total).toBe(13);
    });

    it('shows a change’s values before and after, the location and the session’s age when known', async () => {
      const [entry] = (await list('q=Blue%20Kettle')).data;
      expect(entry).toMatchObject({
        target: 'product:blue',
        details: 'status: draft → published; title: Blue Kettle',
        changes: {
          before: { title: 'Blue Kettle', status: 'draft' },
          after: { title: 'Blue Kettle', status: 'published' },
        },
        location: 'Dhaka, BD',
        // 07:30 to 09:00 on the same device; the revoked and the other device's sessions are not it.
        sessionDuration: 90 * 60,
      });
    });

    it('searches the admin’s name, email and the details, taking % and _ literally', async () => {
      const byName = await list('q=bob%20build');
      expect(byName.data.map((entry) => entry.action)).toEqual(['admin.login', 'order.status']);
      const byEmail = await list('q=ALICE.AUDIT%40');
      expect(byEmail.meta.total).toBe(13);
      const byDetails = await list('q=widget%2011');
      expect(byDetails.data.map((entry) => entry.target)).toEqual(['product:p11']);
      // `100%` is text, not "100 then anything"; `_` is not "any one character".
      expect((await list('q=100%25')).data.map((entry) => entry.target)).toEqual(['order:ORD-20250321-0001']);
      expect((await list('q=Widget_1')).meta.total).toBe(0);
    });

    it('finds by a word inside the details or the target in any script, the trigram indexes answering as every entry read would', async () => {
      const lucia = await createStaff(t.db, {
        email: 'lucia.fernandez@example.org',
        password: 'unused-pass-1',
      });
      const rahim = await createStaff(t.db, { email: 'rahim.uddin@example.org', password: 'unused-pass-1' });
      await t.db.insert(activityLog).values([
        {
          actorType: 'admin',
          actorId: lucia.id,
          actorName: 'Lucía Fernández',
          actorEmail: lucia.email,
          action: 'product.update',
          target: 'product:sillón-azul',
          details: { title: 'Sillón de cuero ÁMBAR', note: 'envío urgente' },
          at: new Date('2025-05-02T10:00:00Z'),
        },
        {
          actorType: 'admin',
          actorId: rahim.id,
          actorName: 'রহিম উদ্দিন',
          actorEmail: rahim.email,
          action: 'order.status',
          target: 'order:ORD-20250503-0042',
          details: { note: 'পণ্য ফেরত দেওয়া হয়েছে', to: 'Returned' },
          at: new Date('2025-05-03T10:00:00Z'),
        },
        // A shopper's own entry holding the same words: not staff activity, whichever way it is read.
        {
          actorType: 'customer',
          actorName: 'রহিম উদ্দিন',
          action: 'order.cancel',
          target: 'order:ORD-20250503-0042',
          details: { note: 'পণ্য ফেরত, sillón' },
          at: new Date('2025-05-04T10:00:00Z'),
        },
      ]);

      const targets = async (q: string) =>
        (await list(`q=${encodeURIComponent(q)}`)).data.map((e) => e.target);
      expect(await targets('ফেরত')).toEqual(['order:ORD-20250503-0042']);
      expect(await targets('de cuero')).toEqual(['product:sillón-azul']);
      expect(await targets('sillón-az')).toEqual(['product:sillón-azul']);
      expect(await targets('ORD-20250503')).toEqual(['order:ORD-20250503-0042']);
      expect(await targets('রহিম')).toEqual(['order:ORD-20250503-0042']);

      // Sign-in attempts under unknown emails fill the log until reading every staff entry costs more than the trigram
      // indexes, as on a real log; VACUUM moves the new entries out of the indexes' pending lists.
      await t.db.insert(activityLog).values(
        Array.from({ length: 5000 }, (_, index) => ({
          actorType: 'admin' as const,
          actorEmail: `visitor${index}@example.net`,
          action: 'admin.login',
          outcome: 'failed' as const,
          details: { reason: 'unknown email' },
          at: new Date(Date.UTC(2024, 0, 1) + index * 60_000),
        })),
      );
      await t.db.execute(sql`vacuum analyze activity_log`);

      // Each search read through the trigram indexes and by reading every entry (no bitmap scans, the only way a GIN
      // index is read): the same entries, in the same order, and the same count. The staff names and emails holding
      // the text are looked up in their own index either way.
      const trigramIndexes = ['details', 'target'].map((c) => `activity_log_staff_${c}_trgm_idx`);
      const search = (q: string, plansOff: string[]) =>
        t.db.transaction(async (tx) => {
          for (const plan of plansOff) await tx.execute(sql.raw(`set local ${plan} = off`));
          const { result: found, scans: trigramScans } = await scansDuring(tx, trigramIndexes, () =>
            listActivity(tx, { q }, { page: 1, limit: 50 }),
          );
          return { found, trigramScans };
        });
      // The count always reads the trigram indexes (db/capped-count.ts: throughIndexes); the page may too.
      const viaIndexes = (q: string) => search(q, ['enable_seqscan']);
      const readingEveryEntry = (q: string) => search(q, ['enable_bitmapscan']);
      // Words with three Latin letters or digits in a row always give trigrams to look up; a shorter word, or one in a
      // script the database's locale does not count as letters, may be answered by reading the staff entries instead.
      const lookedUp = [
        'de cuero',
        'sillón-az',
        'Lucía',
        'FERNÁNDEZ',
        'ORD-20250503',
        'example.org',
        'Widget 1',
      ];
      const others = [
        'LUCÍA',
        'ámbar',
        'ÁMBAR',
        'Envío Urgente',
        'ফেরত দেওয়া',
        'রহিম উদ্দিন',
        'উ',
        'ó',
        '100%',
        'Widget_1',
        'unknown email',
        'no such words',
      ];
      for (const q of [...lookedUp, ...others]) {
        const [indexed, everyEntry] = [await viaIndexes(q), await readingEveryEntry(q)];
        expect(everyEntry.trigramScans, q).toBe(0);
        if (lookedUp.includes(q)) expect(indexed.trigramScans, q).toBeGreaterThan(0);
        expect(indexed.found, q).toEqual(everyEntry.found);
      }
      expect((await viaIndexes('de cuero')).found.total).toBe(1);
    });

    it('looks up sessions for the page’s own entries only, not for those the page skips', async () => {
      const sessionReads = await t.db.transaction(async (tx) => {
        // Sequential scans only, so each session lookup is one counted scan of `sessions`.
        await tx.execute(sql`set local enable_indexscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        const { result, scans } = await scansDuring(tx, ['sessions'], () =>
          listActivity(tx, { adminId: alice.id }, { page: 3, limit: 5 }),
        );
        expect(result.rows).toHaveLength(3);
        return scans;
      });
      expect(sessionReads).toBe(3);
    });

    it('counts every staff entry when nothing is filtered, from the kept counts, as the log holds them', async () => {
      const staffEntries = async () => {
        const [row] = await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(activityLog)
          .where(eq(activityLog.actorType, 'admin'));
        return row?.n ?? 0;
      };
      const total = async () => (await list('')).meta.total;
      expect(await total()).toBe(await staffEntries());
      // Entries added together, a shopper's among them, then one removed: the total follows the staff's only.
      const added = await t.db
        .insert(activityLog)
        .values([
          aliceEntry({ at: new Date('2025-04-01T10:00:00Z'), target: 'product:counted-1' }),
          aliceEntry({ at: new Date('2025-04-01T10:01:00Z'), target: 'product:counted-2' }),
          { ...aliceEntry({ at: new Date('2025-04-01T10:02:00Z') }), actorType: 'customer', actorId: null },
        ])
        .returning({ id: activityLog.id });
      expect(await total()).toBe(await staffEntries());
      await t.db.delete(activityLog).where(eq(activityLog.id, added[0]?.id ?? ''));
      expect(await total()).toBe(await staffEntries());
      // A restore empties the log with TRUNCATE before writing it again: the counts start from none with it.
      await t.db
        .transaction(async (tx) => {
          await tx.execute(sql`truncate activity_log cascade`);
          const [kept] = (
            (await tx.execute(sql`select coalesce(sum(n), 0)::int as n from activity_counts`)) as unknown as {
              rows: Array<{ n: number }>;
            }
          ).rows;
          expect(kept?.n).toBe(0);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!String(error).includes('Rollback')) throw error;
        });
      expect(await total()).toBe(await staffEntries());
    });

    it('counts a filter’s matches up to 10,000 and says there are more; the export counts them all', async () => {
      const carol = await createStaff(t.db, {
        email: 'carol.counted@example.org',
        password: 'unused-pass-1',
      });
      const more = COUNT_CAP + 1;
      // A year of Carol's entries, three of them deletions, written in one statement.
      await t.db.execute(sql`insert into activity_log (actor_type, actor_id, actor_name, actor_email, action, at)
        select 'admin', ${carol.id}, 'Carol Counted', ${carol.email},
          case when g <= 3 then 'product.delete' else 'product.update' end,
          timestamptz '2024-01-01 00:00:00+00' + g * interval '1 minute'
        from generate_series(1, ${more}) g`);

      const all = await list(`admin=${carol.id}`);
      expect(all.meta).toEqual({ page: 1, limit: 10, total: COUNT_CAP, capped: true });
      // The page itself is the newest ten, as ever.
      expect(all.data.map((entry) => entry.timestamp)).toEqual(
        Array.from({ length: 10 }, (_, i) =>
          new Date(Date.UTC(2024, 0, 1) + (more - i) * 60_000).toISOString(),
        ),
      );
      expect((await list('q=Carol%20Counted')).meta).toMatchObject({ total: COUNT_CAP, capped: true });
      expect((await list(`admin=${carol.id}&action=product.delete`)).meta).toEqual({
        page: 1,
        limit: 10,
        total: 3,
        capped: false,
      });
      const exported = await call(`/admin/activity/export?admin=${carol.id}`);
      expect(exported.headers['x-total-count']).toBe(String(more));

      // At the cap exactly, the count is exact again.
      await t.db.execute(sql`delete from activity_log where actor_id = ${carol.id} and action = 'product.delete'
        and at < timestamptz '2024-01-01 00:02:00+00'`);
      expect((await list(`admin=${carol.id}`)).meta).toMatchObject({ total: COUNT_CAP, capped: false });
      // Her name's entries no longer pass the cap alone, so the search counts every match: exactly the cap.
      expect((await list('q=Carol%20Counted')).meta).toMatchObject({ total: COUNT_CAP, capped: false });
      expect((await list('q=carol%20counted&action=product.delete')).meta.total).toBe(2);
      await t.db.execute(sql`delete from activity_log where actor_id = ${carol.id}`);
    });

    it('counts a search matching a staff name, an email and other entries’ details once each, and a renamed admin’s old name', async () => {
      const erin = await createStaff(t.db, { email: 'erin.overlap@example.org', password: 'unused-pass-1' });
      const frank = await createStaff(t.db, { email: 'frank.other@example.org', password: 'unused-pass-1' });
      const at = (minute: number) => new Date(Date.UTC(2025, 5, 1, 9, minute));
      await t.db.insert(activityLog).values([
        // Erin's own entries, one of them also naming her in its details: counted once.
        {
          actorType: 'admin',
          actorId: erin.id,
          actorName: 'Erin Overlap',
          actorEmail: erin.email,
          action: 'product.update',
          at: at(1),
        },
        {
          actorType: 'admin',
          actorId: erin.id,
          actorName: 'Erin Overlap',
          actorEmail: erin.email,
          action: 'product.update',
          details: { note: 'by Erin Overlap' },
          at: at(2),
        },
        // From before she was renamed: found by the name it was written with.
        {
          actorType: 'admin',
          actorId: erin.id,
          actorName: 'Erin Early',
          actorEmail: erin.email,
          action: 'admin.login',
          at: at(3),
        },
        // Frank's entries about her.
        {
          actorType: 'admin',
          actorId: frank.id,
          actorName: 'Frank Other',
          actorEmail: frank.email,
          action: 'admin.update',
          target: 'admin:Erin Overlap',
          at: at(4),
        },
        {
          actorType: 'admin',
          actorId: frank.id,
          actorName: 'Frank Other',
          actorEmail: frank.email,
          action: 'admin.update',
          details: { name: 'erin overlap' },
          at: at(5),
        },
        // A shopper of the same name is not staff.
        {
          actorType: 'customer',
          actorName: 'Erin Overlap',
          actorEmail: 'erin@shopper.example',
          action: 'order.place',
          at: at(6),
        },
      ]);
      const byName = await list('q=erin%20overlap');
      expect(byName.meta).toMatchObject({ total: 4, capped: false });
      expect(byName.data.map((entry) => entry.timestamp)).toEqual(
        [4, 5, 2, 1]
          .map((m) => at(m).toISOString())
          .sort()
          .reverse(),
      );
      expect((await list('q=Erin%20Early')).meta.total).toBe(1);
      // By email: every entry of hers, whatever name it carries.
      expect((await list('q=ERIN.OVERLAP%40')).meta.total).toBe(3);
      // With another filter beside the search.
      expect((await list(`q=erin%20overlap&admin=${frank.id}`)).meta.total).toBe(2);
      expect((await list('q=Erin%20Nobody')).meta).toMatchObject({ total: 0, capped: false });
      await t.db.execute(
        sql`delete from activity_log where actor_id in (${erin.id}, ${frank.id}) or actor_email = 'erin@shopper.example'`,
      );
    });

    it('pages a search with few matches spread through a long log newest first, from its matches', async () => {
      const dora = await createStaff(t.db, { email: 'dora.sparse@example.org', password: 'unused-pass-1' });
      // 2,000 entries, every 80th about order ORD-SPARSE-<n>: 25 matches a page's walk would find far apart.
      await t.db.execute(sql`insert into activity_log (actor_type, actor_id, actor_name, actor_email, action, target, at)
        select 'admin', ${dora.id}, 'Dora Sparse', ${dora.email}, 'order.update',
          case when g % 80 = 0 then 'order:ORD-SPARSE-' || (g / 80) else 'order:ORD-OTHER-' || g end,
          timestamptz '2023-06-01 00:00:00+00' + g * interval '1 minute'
        from generate_series(1, 2000) g`);
      const second = await list('q=ORD-SPARSE&page=2');
      expect(second.meta).toEqual({ page: 2, limit: 10, total: 25, capped: false });
      expect(second.data.map((entry) => entry.target)).toEqual(
        Array.from({ length: 10 }, (_, i) => `order:ORD-SPARSE-${15 - i}`),
      );
      const last = await list('q=ORD-SPARSE&page=3');
      expect(last.data.map((entry) => entry.target)).toEqual(
        Array.from({ length: 5 }, (_, i) => `order:ORD-SPARSE-${5 - i}`),
      );
      await t.db.execute(sql`delete from activity_log where actor_id = ${dora.id}`);
    });

    it('filters by admin, action and status, and never lists a shopper’s own acts', async () => {
      const failed = await list('status=failed&action=order.status');
      expect(failed.data.map((entry) => [entry.admin, entry.status, entry.details])).toEqual([
        ['Bob Builder', 'failed', 'to: Delivered; reason: Discount 100% off, =SUM(A1:A2)'],
      ]);
      const warnings = await list(`status=warning&admin=${bob.id}`);
      expect(warnings.data.map((entry) => entry.action)).toEqual(['admin.login']);
      expect((await list(`status=warning&admin=${alice.id}`)).meta.total).toBe(0);
      expect((await list('action=order.cancel')).meta.total).toBe(0);
      const bobs = await list('q=Bob%20Builder');
      expect(bobs.data.every((entry) => entry.adminId === bob.id)).toBe(true);
    });

    it('applies the date range only when both dates are set, whole UTC days inclusive', async () => {
      const all = (await list(`admin=${alice.id}`)).meta.total;
      expect((await list(`admin=${alice.id}&start=2025-03-10`)).meta.total).toBe(all);
      expect((await list(`admin=${alice.id}&end=2025-03-02`)).meta.total).toBe(all);
      const range = await list(`admin=${alice.id}&start=2025-03-03&end=2025-03-05&limit=50`);
      expect(range.data.map((entry) => entry.target)).toEqual(['product:p5', 'product:p4', 'product:p3']);
      const oneDay = await list(`admin=${alice.id}&start=2025-03-20&end=2025-03-20`);
      expect(oneDay.data.map((entry) => entry.target)).toEqual(['product:blue']);
    });

    it('answers 400 for a range that runs backwards and for a malformed filter', async () => {
      const reversed = await call('/admin/activity?start=2025-03-05&end=2025-03-01');
      const body = await expectAnswer<{ message: string }>('listActivity', reversed, 400);
      expect(body.message).toBe('The start date must not be after the end date.');
      await expectAnswer('listActivity', await call('/admin/activity?status=ok'), 400);
      await expectAnswer('listActivity', await call('/admin/activity?admin=not-a-uuid'), 400);
    });

    it('lists every staff admin and action for the filter selects', async () => {
      const { facets } = await list('limit=1');
      expect(facets.admins).toEqual(
        expect.arrayContaining([
          { _id: alice.id, name: 'Alice Auditor', email: 'alice.audit@example.org' },
          { _id: bob.id, name: 'Bob Builder', email: 'bob.audit@example.org' },
        ]),
      );
      const names = facets.admins.map((entry) => entry.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(facets.actions).toEqual(
        expect.arrayContaining(['admin.login', 'order.status', 'product.update']),
      );
      expect(facets.actions).not.toContain('order.cancel');
      expect(facets.actions).toEqual([...facets.actions].sort());
    });

    it('shows an order status change made through the API with its status before and after', async () => {
      const order = await insertTestOrder(t.db, { status: 'Placed' });
      const changed = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.orderNumber}/status`,
        headers: bearer(admin),
        payload: { status: 'Confirmed' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const [entry] = (await list(`action=order.status&q=${order.orderNumber}`)).data;
      expect(entry).toMatchObject({
        admin: 'Store Admin',
        target: `order:${order.orderNumber}`,
        status: 'success',
        details: 'status: Placed → Confirmed',
        changes: { before: { status: 'Placed' }, after: { status: 'Confirmed' } },
      });
    });
  });

  describe('GET /admin/activity/export', () => {
    it('answers the filtered entries as CSV, newest first, with formulas defused', async () => {
      const response = await call(`/admin/activity/export?admin=${bob.id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers['x-total-count']).toBe('2');
      const lines = response.body.split('\r\n');
      expect(lines).toHaveLength(4);
      expect(lines.at(-1)).toBe('');
      expect(lines[0]).toBe(
        'id,timestamp,admin,email,action,target,status,details,ip,userAgent,location,sessionDuration,before,after',
      );
      const header = lines[0]?.split(',') ?? [];
      const cellsOf = (line: string | undefined) =>
        Object.fromEntries(header.map((name, index) => [name, splitCsv(line ?? '')[index]]));
      expect(cellsOf(lines[1])).toMatchObject({
        action: 'admin.login',
        status: 'warning',
        admin: 'Bob Builder',
      });
      expect(cellsOf(lines[2])).toMatchObject({
        action: 'order.status',
        status: 'failed',
        timestamp: '2025-03-21T10:00:00.000Z',
        details: 'to: Delivered; reason: Discount 100% off, =SUM(A1:A2)',
        ip: '198.51.100.4',
        before: '',
      });
    });

    it('writes the before and after values as JSON and defuses a cell that starts like a formula', async () => {
      await t.db.insert(activityLog).values(
        aliceEntry({
          at: new Date('2025-04-01T00:00:00Z'),
          action: 'product.update',
          target: 'product:formula',
          details: { before: { title: 'Mug' }, after: { title: '=HYPERLINK("http://evil.example")' } },
        }),
      );
      const response = await call('/admin/activity/export?q=evil.example');
      expect(response.statusCode, response.body).toBe(200);
      const [header, row] = response.body.split('\r\n');
      const cells = Object.fromEntries(
        (header?.split(',') ?? []).map((name, index) => [name, splitCsv(row ?? '')[index]]),
      );
      expect(cells).toMatchObject({
        target: 'product:formula',
        details: `title: Mug → =HYPERLINK("http://evil.example")`,
        before: '{"title":"Mug"}',
        after: '{"title":"=HYPERLINK(\\"http://evil.example\\")"}',
      });
      await t.db
        .insert(activityLog)
        .values(aliceEntry({ at: new Date('2025-04-02T00:00:00Z'), details: { '=cmd': '|calc' } }));
      const defused = await call('/admin/activity/export?q=%3Dcmd');
      const [, defusedRow] = defused.body.split('\r\n');
      expect(defusedRow).toContain(`,'=cmd: |calc,`);
    });

    it('applies the same filters and date rule as the list, and writes the export to the log', async () => {
      const range = await call(`/admin/activity/export?admin=${alice.id}&start=2025-03-03&end=2025-03-05`);
      expect(range.statusCode).toBe(200);
      expect(range.headers['x-total-count']).toBe('3');
      const startOnly = await call(`/admin/activity/export?admin=${alice.id}&start=2025-03-05`);
      expect(Number(startOnly.headers['x-total-count'])).toBeGreaterThan(3);
      expect((await call('/admin/activity/export?start=2025-03-05&end=2025-03-01')).statusCode).toBe(400);

      const [logged] = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'activity.export'), eq(activityLog.actorType, 'admin')))
        .orderBy(desc(activityLog.at))
        .limit(1);
      expect(logged?.details).toMatchObject({ rows: Number(startOnly.headers['x-total-count']) });
    });
  });
});
