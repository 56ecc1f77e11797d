import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { appendedCounts } from '../../db/appended-counts.ts';
import { type CappedCount, cappedCount } from '../../db/capped-count.ts';
import type { Database } from '../../db/client.ts';
import { activityCounts, activityLog } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

// Reading the log lives apart from writing it (activity.repository.ts), which every module imports: this file's imports stay out of
// their import graph.

export type ActivityOutcome = (typeof activityLog.$inferSelect)['outcome'];

/** The Activity Logs screen's filters, shared by the list and the export. */
export interface ActivityFilters {
  q?: string | undefined;
  adminId?: string | undefined;
  action?: string | undefined;
  status?: ActivityOutcome | undefined;
  /** UTC days, inclusive (`2026-11-05`); the range applies only when both are set. */
  start?: string | undefined;
  end?: string | undefined;
}

/** An entry as the screen reads it: the row and how long its session had been open, when known. */
export interface ActivityRow {
  entry: typeof activityLog.$inferSelect;
  sessionSeconds: number | null;
}

const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(startOfDay(day).getTime() + 24 * 60 * 60 * 1000);

/** The staff names and emails in the log that hold a search's text. */
interface SearchedStaff {
  names: string[];
  emails: string[];
}
const NO_STAFF: SearchedStaff = { names: [], emails: [] };

/**
 * The distinct values of a staff column holding `pattern`: a log has a handful of staff names and emails, found by
 * skipping through their index (one probe each), so a search matches them by equality in that index. Through
 * trigrams, the name shared by a fifth of a million entries read each of them (100 ms) before the count could stop.
 */
const staffValuesLike = (column: 'actor_name' | 'actor_email', pattern: string) => {
  const value = sql.raw(column);
  return sql`array(
    with recursive v as (
      (select l.${value} as value from activity_log l
        where l.actor_type = 'admin' and l.${value} is not null order by l.${value} limit 1)
      union all
      select (select l.${value} from activity_log l
               where l.actor_type = 'admin' and l.${value} > v.value order by l.${value} limit 1)
      from v where v.value is not null
    )
    select v.value from v where v.value ilike ${pattern})`;
};

async function searchedStaff(db: Database, pattern: string): Promise<SearchedStaff> {
  const [found] = await rowsOf<SearchedStaff>(
    db,
    sql`select ${staffValuesLike('actor_name', pattern)} as names, ${staffValuesLike('actor_email', pattern)} as emails`,
  );
  return { names: found?.names ?? [], emails: found?.emails ?? [] };
}

/** The entries of the staff whose name or email holds the searched text. */
function byStaff(staff: SearchedStaff): SQL | undefined {
  return or(
    staff.names.length > 0 ? inArray(activityLog.actorName, staff.names) : undefined,
    staff.emails.length > 0 ? inArray(activityLog.actorEmail, staff.emails) : undefined,
  );
}

function searchOf(text: string, pattern: string, staff: SearchedStaff): SQL | undefined {
  const inDetails = ilike(sql`${activityLog.details}::text`, pattern);
  const inTarget = ilike(activityLog.target, pattern);
  // Each entry the indexes find is checked against the text again, up to the first column holding it; the details
  // are written out as text for that, so a word without spaces that looks like an id ("ORD-1000", "product:p11") is
  // looked for in the target first (8,270 entries checked in 57 ms, details first 70 ms).
  return /^\S*[\d:-]\S*$/.test(text)
    ? or(byStaff(staff), inTarget, inDetails)
    : or(byStaff(staff), inDetails, inTarget);
}

function whereOf(filters: ActivityFilters, staff: SearchedStaff): SQL | undefined {
  const text = filters.q?.trim();
  const pattern = text ? containsPattern(text) : null;
  return and(
    // The screen is about staff: shoppers' own acts and system entries have their own screens.
    eq(activityLog.actorType, 'admin'),
    pattern ? searchOf(text ?? '', pattern, staff) : undefined,
    filters.adminId ? eq(activityLog.actorId, filters.adminId) : undefined,
    filters.action ? eq(activityLog.action, filters.action) : undefined,
    filters.status ? eq(activityLog.outcome, filters.status) : undefined,
    ...(filters.start && filters.end
      ? [gte(activityLog.at, startOfDay(filters.start)), lt(activityLog.at, dayAfter(filters.end))]
      : []),
  );
}

/**
 * A search's matches up to COUNT_CAP. When the entries of the matching staff alone pass the cap (a search for an
 * admin's name), their own index says so; otherwise every match is counted through the search's indexes.
 */
async function countSearch(
  db: Database,
  filters: ActivityFilters,
  staff: SearchedStaff,
  where: SQL | undefined,
): Promise<CappedCount> {
  const ofStaff = byStaff(staff);
  if (ofStaff) {
    const counted = await cappedCount(
      db,
      activityLog,
      and(whereOf({ ...filters, q: undefined }, NO_STAFF), ofStaff),
      {
        searched: false,
      },
    );
    if (counted.capped) return counted;
  }
  return cappedCount(db, activityLog, where, { searched: true });
}

/**
 * Seconds since the admin's session on the same device began, when a session (signed in before the entry, not
 * ended or expired by then, same user agent) is on record; entries carry no session id, so this is the best match.
 * Written out with table names: drizzle leaves columns unqualified here, and both tables have `user_agent`.
 */
const sessionSeconds = sql<number | null>`(
  select floor(extract(epoch from (activity_log.at - s.created_at)))::int
  from sessions s
  where s.actor_type = 'admin'
    and s.account_id = activity_log.actor_id
    and s.created_at <= activity_log.at
    and s.expires_at >= activity_log.at
    and (s.revoked_at is null or s.revoked_at >= activity_log.at)
    and s.user_agent is not distinct from activity_log.user_agent
  order by s.created_at desc
  limit 1
)`;

const newestFirst = [desc(activityLog.at), desc(activityLog.id)];

/**
 * One page of the filtered entries, newest first, and how many match: a filter's matches counted up to COUNT_CAP
 * (`capped` past it) unless `exact` is asked.
 */
export async function listActivity(
  db: Database,
  filters: ActivityFilters,
  page: { page: number; limit: number },
  { exact = false }: { exact?: boolean } = {},
): Promise<{ rows: ActivityRow[]; total: number; capped: boolean }> {
  const text = filters.q?.trim();
  const staff = text ? await searchedStaff(db, containsPattern(text)) : NO_STAFF;
  const where = whereOf(filters, staff);
  // The page is picked first, under the table's own name, and only its rows look up their session: in the page's
  // own select list the lookup also ran for every row the offset skipped.
  const pageRows = db
    .select()
    .from(activityLog)
    .where(where)
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .as('activity_log');
  const unfiltered =
    !text && !filters.adminId && !filters.action && !filters.status && !(filters.start && filters.end);
  const [rows, counted] = await Promise.all([
    db
      .select({ entry: activityLog, sessionSeconds })
      .from(pageRows)
      .orderBy(...newestFirst),
    // Every staff entry: the kept counts (activity_counts) instead of a count of the whole log.
    unfiltered
      ? appendedCounts(db, {
          table: activityCounts,
          key: activityCounts.actorType,
          n: activityCounts.n,
        }).then((counts) => ({ total: counts.get('admin') ?? 0, capped: false }))
      : exact
        ? db
            .select({ total: count() })
            .from(activityLog)
            .where(where)
            .then(([found]) => ({ total: found?.total ?? 0, capped: false }))
        : text
          ? countSearch(db, filters, staff, where)
          : cappedCount(db, activityLog, where, { searched: false }),
  ]);
  return { rows, ...counted };
}

/** The newest `max` filtered entries for the CSV export, and how many match in all. */
export async function exportActivity(
  db: Database,
  filters: ActivityFilters,
  max: number,
): Promise<{ rows: ActivityRow[]; total: number }> {
  return listActivity(db, filters, { page: 1, limit: max }, { exact: true });
}

export interface ActivityFacets {
  admins: Array<{ _id: string; name: string; email: string }>;
  actions: string[];
}

// The filter choices are read by skipping through the staff-only indexes (activity_log_staff_actor_idx,
// activity_log_staff_action_idx): one index probe per distinct admin or action, however long the log grows, where a
// DISTINCT read and sorted every entry on every page.

/** Each staff member in the log, one probe per member, with the name and email of their newest entry. */
const staffActorsSql = sql`with recursive actor as (
    (select l.actor_id from activity_log l
      where l.actor_type = 'admin' and l.actor_id is not null order by l.actor_id limit 1)
    union all
    select (select l.actor_id from activity_log l
             where l.actor_type = 'admin' and l.actor_id > actor.actor_id order by l.actor_id limit 1)
    from actor where actor.actor_id is not null
  )
  select actor.actor_id::text as id, newest.actor_name as name, newest.actor_email as email
  from actor
  cross join lateral (select l.actor_name, l.actor_email from activity_log l
    where l.actor_type = 'admin' and l.actor_id = actor.actor_id order by l.at desc limit 1) newest
  where actor.actor_id is not null`;

/** Each action of the staff log, in order, one probe per action. */
const staffActionsSql = sql`with recursive act as (
    (select l.action from activity_log l where l.actor_type = 'admin' order by l.action limit 1)
    union all
    select (select l.action from activity_log l
             where l.actor_type = 'admin' and l.action > act.action order by l.action limit 1)
    from act where act.action is not null
  )
  select act.action from act where act.action is not null`;

/** Every admin (with the name and email of their newest entry) and every action in the staff log. */
export async function activityFacets(db: Database): Promise<ActivityFacets> {
  const [latest, actions] = await Promise.all([
    rowsOf<{ id: string; name: string | null; email: string | null }>(db, staffActorsSql),
    rowsOf<{ action: string }>(db, staffActionsSql),
  ]);
  const admins = latest
    .map((row) => ({ _id: row.id, name: row.name ?? row.email ?? row.id, email: row.email ?? '' }))
    .sort((a, b) => a.name.localeCompare(b.name));
  // The walk follows the index, so the actions come in the database's order, as ORDER BY gave them.
  return { admins, actions: actions.map((row) => row.action) };
}

/** The rows of raw SQL: node-postgres answers a result with `rows`, PGlite's driver the same or an array. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
