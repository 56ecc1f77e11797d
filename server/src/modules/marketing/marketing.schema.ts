import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** Text a storefront shows in its four languages; English is required, the others fall back to it. */
export interface LocalizedText {
  en: string;
  bn?: string;
  es?: string;
  hi?: string;
}

/** Marketing & Content's banners: the home page's hero slides and promo tiles. */
export const banners = pgTable(
  'banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    placement: text('placement', { enum: ['hero', 'promo'] }).notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    text: jsonb('text').$type<LocalizedText>().notNull().default(sql`'{"en": ""}'::jsonb`),
    imageUrl: text('image_url'),
    /** A CSS colour or gradient drawn behind the text when there is no image. */
    background: text('background'),
    link: text('link'),
    position: integer('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('banners_placement_idx').on(t.placement, t.position)],
);

/** The storefront's one popup (Marketing & Content), shown once per visitor every `everyDays` days. */
export const storefrontPopup = pgTable(
  'storefront_popup',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    title: jsonb('title').$type<LocalizedText>().notNull().default(sql`'{"en": ""}'::jsonb`),
    text: jsonb('text').$type<LocalizedText>().notNull().default(sql`'{"en": ""}'::jsonb`),
    imageUrl: text('image_url'),
    link: text('link'),
    everyDays: integer('every_days').notNull().default(7),
    updatedAt: updatedAt(),
  },
  (t) => [check('storefront_popup_single_row', sql`${t.id} = 1`)],
);

/** Blog posts written in the back office and shown on the storefront's blog. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique('blog_posts_slug_unique'),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** Sanitised HTML. */
    bodyHtml: text('body_html').notNull().default(''),
    coverUrl: text('cover_url'),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorName: text('author_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blog_posts_published_idx').on(t.status, t.publishedAt)],
);
