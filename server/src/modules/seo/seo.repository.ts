// What the server-rendered pages and the sitemaps read: only what shoppers may see.
import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blogPosts, products, stores } from '../../db/schema.ts';
import { shopperVisible } from '../products/index.ts';

/** Staff may keep a product off search engines (the editor's SEO "index" switch); shoppers still see it. */
const indexable = sql`coalesce(("products"."seo"->>'index')::boolean, true)`;

export interface ProductLink {
  id: string;
  title: string;
  priceMinor: number;
  currency: string;
}

const linkColumns = {
  id: products.id,
  title: products.title,
  priceMinor: products.priceMinor,
  currency: products.currency,
};

/** A category's or a store's best sellers, as links on its page. */
export async function productLinks(
  db: Database,
  where: { category?: string; storeId?: string },
  limit = 24,
): Promise<ProductLink[]> {
  return db
    .select(linkColumns)
    .from(products)
    .where(
      and(
        shopperVisible,
        where.category === undefined
          ? undefined
          : sql`${products.categories} @> ARRAY[${where.category}]::text[]`,
        where.storeId === undefined ? undefined : eq(products.storeId, where.storeId),
      ),
    )
    .orderBy(desc(products.salesCount), desc(products.createdAt), desc(products.id))
    .limit(limit);
}

export async function activeStore(db: Database, id: string) {
  const [row] = await db
    .select({
      id: stores.id,
      name: stores.name,
      description: stores.description,
      logoUrl: stores.logoUrl,
      status: stores.status,
    })
    .from(stores)
    .where(eq(stores.id, id))
    .limit(1);
  return row?.status === 'active' ? row : null;
}

export async function publishedPost(db: Database, slug: string) {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, 'published')))
    .limit(1);
  return row ?? null;
}

export async function recentPosts(db: Database, limit = 20) {
  return db
    .select({ slug: blogPosts.slug, title: blogPosts.title, excerpt: blogPosts.excerpt })
    .from(blogPosts)
    .where(eq(blogPosts.status, 'published'))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(limit);
}

// The sitemaps.

export interface Dated {
  key: string;
  updatedAt: Date;
}

/** Stores shoppers can open, and published posts, with their last change. */
export async function sitemapContent(db: Database) {
  const [storeRows, postRows, categoryRows] = await Promise.all([
    db
      .select({ key: stores.id, updatedAt: stores.updatedAt })
      .from(stores)
      .where(eq(stores.status, 'active'))
      .orderBy(stores.id),
    db
      .select({ key: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(eq(blogPosts.status, 'published'))
      .orderBy(blogPosts.slug),
    // Each main category's newest product change, for its page's lastmod.
    db
      .select({ key: sql<string>`unnest(${products.categories})`, updatedAt: max(products.updatedAt) })
      .from(products)
      .where(shopperVisible)
      .groupBy(sql`1`),
  ]);
  return {
    stores: storeRows satisfies Dated[],
    posts: postRows satisfies Dated[],
    categories: new Map(
      categoryRows.flatMap((row) => (row.updatedAt ? [[row.key, new Date(row.updatedAt)] as const] : [])),
    ),
  };
}

export async function indexableProductCount(db: Database): Promise<{ count: number; newest: Date | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, newest: max(products.updatedAt) })
    .from(products)
    .where(and(shopperVisible, indexable));
  return { count: row?.count ?? 0, newest: row?.newest ? new Date(row.newest) : null };
}

/** One part of the products' sitemap, in id order so a part keeps its products while others are added. */
export async function indexableProducts(db: Database, offset: number, limit: number): Promise<Dated[]> {
  return db
    .select({ key: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(shopperVisible, indexable))
    .orderBy(products.id)
    .offset(offset)
    .limit(limit);
}
