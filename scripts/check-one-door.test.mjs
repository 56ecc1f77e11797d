import { describe, expect, it } from 'vitest';
import { checkOneDoor, directWrites } from './check-one-door.mjs';

describe('directWrites', () => {
  it('finds a module inserting into the activity log or the outbox itself', () => {
    const source = [
      "import { activityLog, outbox } from '../../db/schema.ts';",
      'await tx.insert(activityLog).values(entry);',
      'await tx',
      '  .insert(outbox)',
      '  .values(message);',
    ].join('\n');
    expect(directWrites('server/src/modules/staff/staff.repository.ts', source)).toEqual([
      { line: 2, table: 'activityLog', door: expect.stringContaining('insertActivity') },
      { line: 4, table: 'outbox', door: expect.stringContaining('queueMail') },
    ]);
  });

  it('finds updates, deletes and raw SQL too', () => {
    const source = [
      'await db.update(schema.outbox).set({ sentAt: null });',
      'await db.delete(activityLog);',
      'await db.execute(sql`INSERT INTO "activity_log" (action) VALUES (1)`);',
    ].join('\n');
    expect(directWrites('server/src/jobs/cleanup.ts', source).map((write) => write.line)).toEqual([1, 2, 3]);
  });

  it('lets the owning module, tests and reads through', () => {
    const write = 'await db.insert(activityLog).values(entry);';
    expect(directWrites('server/src/modules/activity/activity.repository.ts', write)).toEqual([]);
    expect(
      directWrites('server/src/modules/mail/mail.outbox.ts', 'await db.insert(outbox).values(rows);'),
    ).toEqual([]);
    expect(directWrites('server/src/modules/stats/stats.test.ts', write)).toEqual([]);
    expect(directWrites('server/src/test/fixtures.ts', write)).toEqual([]);
    const read = 'await db.select().from(activityLog).where(eq(activityLog.action, "x"));';
    expect(directWrites('server/src/modules/users/users.repository.ts', read)).toEqual([]);
  });
});

describe('checkOneDoor', () => {
  it('finds no direct write in the server today', () => {
    expect(checkOneDoor(new URL('..', import.meta.url).pathname)).toEqual([]);
  });
});
