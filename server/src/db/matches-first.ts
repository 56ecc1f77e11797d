import { getTableName, type SQL, sql, type Table } from 'drizzle-orm';

/**
 * A list's rows matching `where`, found first and sorted after: a subquery behind `offset 0`, which the planner
 * cannot flatten, so it finds the matches by the filter's own indexes instead of walking the sort's index past
 * every row that does not match. It guesses how many rows match two filters as if they were unrelated, and at a
 * million rows such a walk took 10 s for one page. Use it when the matches are known to be few (counted first).
 * Named as the table, so the sort's and the page's columns (`"products"."id"`) read from it.
 */
export function matchesFirst(table: Table, where: SQL | undefined): SQL {
  const name = getTableName(table);
  return sql`(select * from ${table} where ${where ?? sql`true`} offset 0) as ${sql.identifier(name)}`;
}
