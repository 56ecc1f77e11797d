import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { banners, blogPosts, storefrontPopup } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

export type BannerRow = typeof banners.$inferSelect;
export type BannerValues = Omit<typeof banners.$inferInsert, 'id' | 'position' | 'createdAt' | 'updatedAt'>;
export type PopupRow = typeof storefrontPopup.$inferSelect;
export type BlogPostRow = typeof blogPosts.$inferSelect;
export type BlogPostValues = Omit<typeof blogPosts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type BlogPostListRow = Omit<BlogPostRow, 'bodyHtml'>;

// Hero slides first, then promo tiles; equal positions (two banners added at once) by age.
const bannerOrder = [asc(banners.placement), asc(banners.position), asc(banners.createdAt), asc(banners.id)];

export function listBannerRows(db: Database): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .orderBy(...bannerOrder);
}

/** The banners the storefront shows at `now`: enabled and within their schedule. */
export function liveBannerRows(db: Database, now: Date): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.enabled, true),
        or(isNull(banners.startsAt), lte(banners.startsAt, now)),
        or(isNull(banners.endsAt), gt(banners.endsAt, now)),
      ),
    )
    .orderBy(...bannerOrder);
}

/** The position after the last banner of a placement. */
const nextPosition = (placement: BannerRow['placement']) =>
  sql<number>`(select coalesce(max(${banners.position}), -1) + 1 from ${banners} where ${banners.placement} = ${placement})`;

export async function insertBanner(db: Database, values: BannerValues): Promise<BannerRow> {
  const [row] = await db
    .insert(banners)
    .values({ ...values, position: nextPosition(values.placement) })
    .returning();
  if (!row) throw new Error('banner insert returned no row');
  return row;
}

/** Saves a banner; one moved to the other placement goes last there. Undefined for an unknown id. */
export async function updateBannerRow(
  db: Database,
  id: string,
  values: BannerValues,
): Promise<{ before: BannerRow; after: BannerRow } | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
    if (!before) return undefined;
    const [after] = await tx
      .update(banners)
      .set({
        ...values,
        ...(values.placement !== before.placement ? { position: nextPosition(values.placement) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(banners.id, id))
      .returning();
    if (!after) throw new Error('banner update returned no row');
    return { before, after };
  });
}

export async function deleteBannerRow(db: Database, id: string): Promise<BannerRow | undefined> {
  const [row] = await db.delete(banners).where(eq(banners.id, id)).returning();
  return row;
}

/**
 * Swaps a banner with its neighbour in its placement, numbering the placement 0, 1, 2... again so positions stay
 * distinct. Answers the banner, undefined for an unknown id; at either end nothing moves.
 */
export async function moveBannerRow(
  db: Database,
  id: string,
  direction: 'up' | 'down',
): Promise<BannerRow | undefined> {
  return db.transaction(async (tx) => {
    const [banner] = await tx.select().from(banners).where(eq(banners.id, id));
    if (!banner) return undefined;
    // Locked in order, so two moves in the same placement wait for each other instead of mixing their numbers.
    const rows = await tx
      .select({ id: banners.id })
      .from(banners)
      .where(eq(banners.placement, banner.placement))
      .orderBy(...bannerOrder)
      .for('update');
    const order = rows.map((item) => item.id);
    const from = order.indexOf(id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= order.length) return banner;
    [order[from], order[to]] = [order[to] as string, order[from] as string];
    for (const [position, bannerId] of order.entries()) {
      await tx.update(banners).set({ position }).where(eq(banners.id, bannerId));
    }
    return banner;
  });
}

/** The one popup row; created off when a database predates it. */
export async function readPopup(db: Database): Promise<PopupRow> {
  const [row] = await db.select().from(storefrontPopup).where(eq(storefrontPopup.id, 1));
  if (row) return row;
  await db.insert(storefrontPopup).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(storefrontPopup).where(eq(storefrontPopup.id, 1));
  if (!created) throw new Error('storefront popup row missing after insert');
  return created;
}

export async function writePopup(
  db: Database,
  values: Omit<typeof storefrontPopup.$inferInsert, 'id' | 'updatedAt'>,
): Promise<PopupRow> {
  await readPopup(db);
  const [row] = await db
    .update(storefrontPopup)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(storefrontPopup.id, 1))
    .returning();
  if (!row) throw new Error('storefront popup update returned no row');
  return row;
}

const { bodyHtml: _body, ...listColumns } = getTableColumns(blogPosts);

/**
 * A page of posts without their bodies: staff see every post by last change; the storefront (`published`)
 * published ones by publication, newest first.
 */
export async function listBlogPostRows(
  db: Database,
  filters: { status?: BlogPostRow['status'] | undefined; q?: string | undefined; published?: boolean },
  page: number,
  limit: number,
): Promise<{ rows: BlogPostListRow[]; total: number }> {
  const conditions: SQL[] = [];
  const status = filters.published ? 'published' : filters.status;
  if (status) conditions.push(eq(blogPosts.status, status));
  if (filters.q) conditions.push(ilike(blogPosts.title, containsPattern(filters.q)));
  const where = and(...conditions);
  const order = filters.published
    ? [desc(blogPosts.publishedAt), desc(blogPosts.id)]
    : [desc(blogPosts.updatedAt), desc(blogPosts.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select(listColumns)
      .from(blogPosts)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(blogPosts).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findBlogPost(db: Database, id: string): Promise<BlogPostRow | undefined> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row;
}

export async function findPublishedBySlug(db: Database, slug: string): Promise<BlogPostRow | undefined> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, 'published')));
  return row;
}

/** Whether another post than `exceptId` has this slug. */
export async function slugTaken(db: Database, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), exceptId ? sql`${blogPosts.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row !== undefined;
}

export async function insertBlogPost(db: Database, values: BlogPostValues): Promise<BlogPostRow> {
  const [row] = await db.insert(blogPosts).values(values).returning();
  if (!row) throw new Error('blog post insert returned no row');
  return row;
}

export async function updateBlogPostRow(
  db: Database,
  id: string,
  values: Partial<BlogPostValues>,
): Promise<BlogPostRow | undefined> {
  const [row] = await db
    .update(blogPosts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning();
  return row;
}

export async function deleteBlogPostRow(db: Database, id: string): Promise<BlogPostRow | undefined> {
  const [row] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
  return row;
}
