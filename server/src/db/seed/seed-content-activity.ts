import { insertActivity } from '../../modules/activity/index.ts';
import type { Database } from '../client.ts';
import { apiDailyCounts, banners, blogPosts, siteVisits } from '../schema.ts';
import { DEMO_ADMIN } from './accounts.ts';
import { SEED_BANNERS, SEED_POSTS } from './marketing.ts';
import { DAY, type SeedContext, type SeededOrders, SUPPORT_NAME } from './seed-context.ts';

/** A small deterministic generator, so every seeded database holds the same figures. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Marketing & Content: the home page's hero slides and promo tiles, and the blog. */
export async function seedContent(tx: Database, { ago }: SeedContext): Promise<void> {
  await tx.insert(banners).values(SEED_BANNERS.map((banner) => ({ ...banner, createdAt: ago(30 * 24) })));
  await tx.insert(blogPosts).values(
    SEED_POSTS.map(({ daysAgo, ...post }) => ({
      ...post,
      publishedAt: daysAgo === undefined ? null : ago(daysAgo * 24),
      createdAt: ago(((daysAgo ?? 1) + 1) * 24),
      updatedAt: ago((daysAgo ?? 1) * 24),
    })),
  );
}

/** The audit trail: staff actions on the seeded catalogue and orders, and sign-ins (one of them refused). */
export async function seedActivityLog(
  tx: Database,
  context: SeedContext,
  orderByRef: SeededOrders,
): Promise<void> {
  const { ago, adminByName, product } = context;
  const admin = adminByName(DEMO_ADMIN.name);
  const support = adminByName(SUPPORT_NAME);
  const origin = {
    ip: '203.0.113.24',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0',
  };
  await insertActivity(tx, [
    {
      actorType: 'admin',
      actorId: admin?.id,
      actorName: admin?.name,
      actorEmail: admin?.email,
      action: 'product.import',
      target: 'product:1005006218437795',
      details: { title: product('1005006218437795').seed.normalized.title },
      at: ago(30 * 24),
      ...origin,
    },
    {
      actorType: 'admin',
      actorId: support?.id,
      actorName: support?.name,
      actorEmail: support?.email,
      action: 'order.status',
      target: `order:${orderByRef.get('yoga-and-hoodie')?.orderNumber}`,
      details: { from: 'Confirmed', to: 'Shipped' },
      at: ago(5 * 24),
      ip: '203.0.113.57',
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1.15',
    },
    {
      actorType: 'admin',
      actorEmail: 'intruder@example.net',
      action: 'admin.login',
      outcome: 'failed',
      details: { reason: 'unknown email' },
      at: ago(3 * 24),
      ip: '198.51.100.9',
      userAgent: 'curl/8.5.0',
    },
    {
      actorType: 'admin',
      actorId: admin?.id,
      actorName: admin?.name,
      actorEmail: admin?.email,
      action: 'admin.login',
      at: ago(20),
      ...origin,
    },
  ]);
}

/** Storefront visits and API call counts, drawn from one seeded generator so the figures repeat. */
export async function seedTraffic(tx: Database, { now, ago }: SeedContext): Promise<void> {
  // Storefront traffic over the last 30 days, for the dashboard's visitors and page views.
  const random = mulberry32(20261122);
  const visits: Array<typeof siteVisits.$inferInsert> = [];
  const paths = ['/', '/products', '/search', '/cart', '/checkout', '/profile'];
  const countries = ['BD', 'BD', 'BD', 'US', 'GB', 'IN', 'CA', 'DE'];
  for (let day = 29; day >= 0; day--) {
    const visitors = 8 + Math.floor(random() * 13);
    for (let v = 0; v < visitors; v++) {
      const visitorId = `seed-${day}-${v}`;
      const country = countries[Math.floor(random() * countries.length)] ?? 'BD';
      const pageviews = 1 + Math.floor(random() * 3);
      for (let p = 0; p < pageviews; p++) {
        visits.push({
          visitorId,
          path: paths[Math.floor(random() * paths.length)] ?? '/',
          country,
          at: ago(day * 24 + Math.floor(random() * 20) + (day === 0 ? 0 : 1)),
        });
      }
    }
  }
  await tx.insert(siteVisits).values(visits);

  // Earlier days' API calls; today's are counted live.
  await tx.insert(apiDailyCounts).values(
    Array.from({ length: 6 }, (_, i) => ({
      day: new Date(now.getTime() - (i + 1) * DAY).toISOString().slice(0, 10),
      count: 700 + Math.floor(random() * 1600),
    })),
  );
}
