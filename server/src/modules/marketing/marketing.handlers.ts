import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { RequestBody } from '../../http/contract-types.ts';
import { conflict, notFound, validationError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { sanitizeProductHtml } from '../../lib/sanitize.ts';
import { loadRates } from '../../money/money.ts';
import { staffActivity, withActivity } from '../activity/index.ts';
import {
  freeShippingAbove,
  publicTaxRules,
  readStoreSettings,
  type StoreSettingsRow,
  writeStoreSettings,
} from '../settings/index.ts';
import {
  type BannerRow,
  type BannerValues,
  type BlogPostListRow,
  type BlogPostRow,
  deleteBannerRow,
  deleteBlogPostRow,
  findBlogPost,
  findPublishedBySlug,
  insertBanner,
  insertBlogPost,
  listBannerRows,
  listBlogPostRows,
  liveBannerRows,
  moveBannerRow,
  type PopupRow,
  readPopup,
  slugTaken,
  updateBannerRow,
  updateBlogPostRow,
  writePopup,
} from './marketing.repository.ts';
import {
  bannerStatus,
  blankToNull,
  checkBackground,
  checkImage,
  checkLink,
  cleanLocalized,
  END_BEFORE_START,
  ENGLISH_TITLE_NEEDED,
  type Problems,
  slugOf,
} from './marketing.rules.ts';

export const BANNER_NOT_FOUND = 'Banner not found.';
export const POST_NOT_FOUND = 'Post not found.';
export const slugInUse = (slug: string) => `Another post has the address ${slug}.`;

const BLOG_PAGE_SIZE = 10;
const STOREFRONT_BLOG_PAGE_SIZE = 9;

const iso = (date: Date | null) => date?.toISOString() ?? null;

const storefrontBanner = (row: BannerRow) => ({
  id: row.id,
  placement: row.placement,
  title: row.title,
  text: row.text,
  imageUrl: row.imageUrl,
  background: row.background,
  link: row.link,
});

const bannerView = (row: BannerRow, now: Date) => ({
  ...storefrontBanner(row),
  position: row.position,
  startsAt: iso(row.startsAt),
  endsAt: iso(row.endsAt),
  enabled: row.enabled,
  status: bannerStatus(row, now),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const popupView = (row: PopupRow) => ({
  enabled: row.enabled,
  title: row.title,
  text: row.text,
  imageUrl: row.imageUrl,
  link: row.link,
  everyDays: row.everyDays,
  updatedAt: row.updatedAt.toISOString(),
});

const settingsView = (row: StoreSettingsRow) => ({
  metaTitle: row.metaTitle,
  metaDescription: row.metaDescription,
  analyticsGa4Id: row.analyticsGa4Id,
  analyticsMetaPixelId: row.analyticsMetaPixelId,
});

const postSummary = (row: BlogPostListRow) => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  excerpt: row.excerpt,
  coverUrl: row.coverUrl,
  status: row.status,
  publishedAt: iso(row.publishedAt),
  authorName: row.authorName,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

// Stored sanitised, and cleaned again on the way out, as product descriptions are.
const postView = (row: BlogPostRow) => ({ ...postSummary(row), bodyHtml: sanitizeProductHtml(row.bodyHtml) });

const publicSummary = (row: BlogPostListRow) => ({
  slug: row.slug,
  title: row.title,
  excerpt: row.excerpt,
  coverUrl: row.coverUrl,
  publishedAt: (row.publishedAt ?? row.updatedAt).toISOString(),
  authorName: row.authorName,
});

function throwIfAny(problems: Problems): void {
  if (problems.length > 0) throw validationError(problems);
}

/** A banner body checked and cleaned, or 400 naming each field that is not right. */
function bannerValues(body: RequestBody<'createBanner'>): BannerValues {
  const problems: Problems = [];
  const title = cleanLocalized(body.title);
  if (title.en === '') problems.push({ path: '/title/en', message: ENGLISH_TITLE_NEEDED });
  const startsAt = body.startsAt ? new Date(body.startsAt) : null;
  const endsAt = body.endsAt ? new Date(body.endsAt) : null;
  if (startsAt && endsAt && endsAt <= startsAt) problems.push({ path: '/endsAt', message: END_BEFORE_START });
  const values: BannerValues = {
    placement: body.placement,
    title,
    text: cleanLocalized(body.text),
    imageUrl: checkImage(blankToNull(body.imageUrl), problems, '/imageUrl'),
    background: checkBackground(blankToNull(body.background), problems, '/background'),
    link: checkLink(blankToNull(body.link), problems, '/link'),
    startsAt,
    endsAt,
    enabled: body.enabled ?? true,
  };
  throwIfAny(problems);
  return values;
}

/** Marketing & Content: banners, the popup, the blog, meta tag defaults and analytics identifiers. */
export function createMarketingHandlers(deps: { db: Database }) {
  const { db } = deps;

  /** A staff change and the activity entry it earns, stored in one transaction. */
  const logged = <T>(
    request: FastifyRequest,
    staff: StaffAuth,
    change: (tx: Database) => Promise<T>,
    entry: (result: T) => { action: string; target: string; details: Record<string, unknown> },
  ) => withActivity(db, change, (result) => staffActivity(request, staff, entry(result)));

  const allBanners = async () => {
    const now = new Date();
    return (await listBannerRows(db)).map((row) => bannerView(row, now));
  };

  async function postOr404(id: string): Promise<BlogPostRow> {
    const row = await findBlogPost(db, id);
    if (!row) throw notFound(POST_NOT_FOUND);
    return row;
  }

  /** The slug asked for (409 when another post has it), or one made from the title and made unique. */
  async function slugFor(body: RequestBody<'createBlogPost'>, exceptId?: string): Promise<string> {
    const asked = body.slug?.trim();
    if (asked) {
      if (await slugTaken(db, asked, exceptId)) throw conflict(slugInUse(asked));
      return asked;
    }
    const base = slugOf(body.title) || 'post';
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await slugTaken(db, candidate, exceptId))) return candidate;
    }
  }

  /** A post body checked and cleaned (the HTML sanitised), or 400 naming each field that is not right. */
  function postValues(body: RequestBody<'createBlogPost'>, staff: StaffAuth) {
    const problems: Problems = [];
    const title = body.title.trim();
    if (title === '') problems.push({ path: '/title', message: 'Give the post a title.' });
    const coverUrl = checkImage(blankToNull(body.coverUrl), problems, '/coverUrl');
    throwIfAny(problems);
    return {
      title,
      excerpt: body.excerpt?.trim() ?? '',
      bodyHtml: sanitizeProductHtml(body.bodyHtml),
      coverUrl,
      authorName: body.authorName?.trim() || staff.name,
    };
  }

  /** What a status change does to the publication moment: set when published, cleared when a draft again. */
  const publication = (from: BlogPostRow['status'] | null, to: BlogPostRow['status'], at: Date | null) =>
    to === 'draft' ? null : from === 'published' ? at : new Date();

  /** Saves, turning a unique-slug race into the same 409 the check gives. */
  async function savingSlug<T>(slug: string, save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (uniqueViolation(error) !== null) throw conflict(slugInUse(slug));
      throw error;
    }
  }

  return {
    getStorefrontContent: operation('getStorefrontContent', async () => {
      const now = new Date();
      const [live, popup, settings, rates] = await Promise.all([
        liveBannerRows(db, now),
        readPopup(db),
        readStoreSettings(db),
        loadRates(db),
      ]);
      return {
        success: true,
        data: {
          hero: live.filter((row) => row.placement === 'hero').map(storefrontBanner),
          promo: live.filter((row) => row.placement === 'promo').map(storefrontBanner),
          popup: popup.enabled
            ? {
                title: popup.title,
                text: popup.text,
                imageUrl: popup.imageUrl,
                link: popup.link,
                everyDays: popup.everyDays,
              }
            : null,
          meta: { title: settings.metaTitle, description: settings.metaDescription },
          analytics: { ga4Id: settings.analyticsGa4Id, metaPixelId: settings.analyticsMetaPixelId },
          freeShippingAbove: freeShippingAbove(settings, rates),
          taxRules: publicTaxRules(settings),
          taxRate: settings.taxBasisPoints / 100,
          deliveryPolicy: settings.deliveryPolicy,
        },
      };
    }),

    listPublishedBlogPosts: operation('listPublishedBlogPosts', async (request) => {
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? STOREFRONT_BLOG_PAGE_SIZE;
      const { rows, total } = await listBlogPostRows(db, { published: true }, page, limit);
      return { success: true, data: rows.map(publicSummary), meta: { page, limit, total } };
    }),

    getPublishedBlogPost: operation('getPublishedBlogPost', async (request) => {
      const row = await findPublishedBySlug(db, request.params.slug);
      if (!row) throw notFound(POST_NOT_FOUND);
      return { success: true, data: { ...publicSummary(row), bodyHtml: sanitizeProductHtml(row.bodyHtml) } };
    }),

    listBanners: operation('listBanners', async (request) => {
      requireStaff(request);
      return { success: true, data: await allBanners() };
    }),

    createBanner: operation('createBanner', async (request, reply) => {
      const staff = requireStaff(request);
      const values = bannerValues(request.body);
      const row = await logged(
        request,
        staff,
        (tx) => insertBanner(tx, values),
        (created) => ({
          action: 'banner.create',
          target: `banner:${created.id}`,
          details: { placement: created.placement, title: created.title.en },
        }),
      );
      void reply.code(201);
      return { success: true, message: 'Banner added.', data: bannerView(row, new Date()) };
    }),

    updateBanner: operation('updateBanner', async (request) => {
      const staff = requireStaff(request);
      const values = bannerValues(request.body);
      const now = new Date();
      const saved = await logged(
        request,
        staff,
        async (tx) => {
          const result = await updateBannerRow(tx, request.params.id, values);
          if (!result) throw notFound(BANNER_NOT_FOUND);
          return result;
        },
        (result) => ({
          action: 'banner.update',
          target: `banner:${result.after.id}`,
          details: { before: bannerView(result.before, now), after: bannerView(result.after, now) },
        }),
      );
      return { success: true, message: 'Banner saved.', data: bannerView(saved.after, now) };
    }),

    deleteBanner: operation('deleteBanner', async (request) => {
      const staff = requireStaff(request);
      const row = await logged(
        request,
        staff,
        async (tx) => {
          const deleted = await deleteBannerRow(tx, request.params.id);
          if (!deleted) throw notFound(BANNER_NOT_FOUND);
          return deleted;
        },
        (deleted) => ({
          action: 'banner.delete',
          target: `banner:${deleted.id}`,
          details: { placement: deleted.placement, title: deleted.title.en },
        }),
      );
      return { success: true, message: `Banner ${row.title.en} removed.` };
    }),

    moveBanner: operation('moveBanner', async (request) => {
      const staff = requireStaff(request);
      await logged(
        request,
        staff,
        async (tx) => {
          const moved = await moveBannerRow(tx, request.params.id, request.body.direction);
          if (!moved) throw notFound(BANNER_NOT_FOUND);
          return moved;
        },
        (moved) => ({
          action: 'banner.move',
          target: `banner:${moved.id}`,
          details: { title: moved.title.en, direction: request.body.direction },
        }),
      );
      return { success: true, data: await allBanners() };
    }),

    getStorefrontPopup: operation('getStorefrontPopup', async (request) => {
      requireStaff(request);
      return { success: true, data: popupView(await readPopup(db)) };
    }),

    updateStorefrontPopup: operation('updateStorefrontPopup', async (request) => {
      const staff = requireStaff(request);
      const body = request.body;
      const problems: Problems = [];
      const title = cleanLocalized(body.title);
      if (body.enabled && title.en === '')
        problems.push({ path: '/title/en', message: ENGLISH_TITLE_NEEDED });
      const values = {
        enabled: body.enabled,
        title,
        text: cleanLocalized(body.text),
        imageUrl: checkImage(blankToNull(body.imageUrl), problems, '/imageUrl'),
        link: checkLink(blankToNull(body.link), problems, '/link'),
        everyDays: body.everyDays,
      };
      throwIfAny(problems);
      const { after } = await logged(
        request,
        staff,
        async (tx) => ({
          before: popupView(await readPopup(tx)),
          after: popupView(await writePopup(tx, values)),
        }),
        (change) => ({ action: 'popup.update', target: 'popup:storefront', details: change }),
      );
      return { success: true, message: 'Popup saved.', data: after };
    }),

    listBlogPosts: operation('listBlogPosts', async (request) => {
      requireStaff(request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? BLOG_PAGE_SIZE;
      const { rows, total } = await listBlogPostRows(
        db,
        { status: request.query.status, q: request.query.q?.trim() || undefined },
        page,
        limit,
      );
      return { success: true, data: rows.map(postSummary), meta: { page, limit, total } };
    }),

    createBlogPost: operation('createBlogPost', async (request, reply) => {
      const staff = requireStaff(request);
      const values = postValues(request.body, staff);
      const slug = await slugFor(request.body);
      const status = request.body.status ?? 'draft';
      const row = await savingSlug(slug, () =>
        logged(
          request,
          staff,
          (tx) =>
            insertBlogPost(tx, { ...values, slug, status, publishedAt: publication(null, status, null) }),
          (created) => ({
            action: 'blog.create',
            target: `blog:${created.id}`,
            details: { title: created.title, slug, status },
          }),
        ),
      );
      void reply.code(201);
      return { success: true, message: 'Post saved.', data: postView(row) };
    }),

    getBlogPost: operation('getBlogPost', async (request) => {
      requireStaff(request);
      return { success: true, data: postView(await postOr404(request.params.id)) };
    }),

    updateBlogPost: operation('updateBlogPost', async (request) => {
      const staff = requireStaff(request);
      const current = await postOr404(request.params.id);
      const values = postValues(request.body, staff);
      const slug = await slugFor(request.body, current.id);
      const status = request.body.status ?? current.status;
      const row = await savingSlug(slug, () =>
        logged(
          request,
          staff,
          async (tx) => {
            const saved = await updateBlogPostRow(tx, current.id, {
              ...values,
              slug,
              status,
              publishedAt: publication(current.status, status, current.publishedAt),
            });
            if (!saved) throw notFound(POST_NOT_FOUND);
            return saved;
          },
          (saved) => ({
            action: 'blog.update',
            target: `blog:${saved.id}`,
            details: { before: postSummary(current), after: postSummary(saved) },
          }),
        ),
      );
      return { success: true, message: 'Post saved.', data: postView(row) };
    }),

    setBlogPostStatus: operation('setBlogPostStatus', async (request) => {
      const staff = requireStaff(request);
      const current = await postOr404(request.params.id);
      const status = request.body.status;
      const row = await logged(
        request,
        staff,
        async (tx) => {
          const saved = await updateBlogPostRow(tx, current.id, {
            status,
            publishedAt: publication(current.status, status, current.publishedAt),
          });
          if (!saved) throw notFound(POST_NOT_FOUND);
          return saved;
        },
        (saved) => ({
          action: status === 'published' ? 'blog.publish' : 'blog.unpublish',
          target: `blog:${saved.id}`,
          details: { title: saved.title, from: current.status, to: status },
        }),
      );
      return {
        success: true,
        message: status === 'published' ? `${row.title} is published.` : `${row.title} is a draft again.`,
        data: postView(row),
      };
    }),

    deleteBlogPost: operation('deleteBlogPost', async (request) => {
      const staff = requireStaff(request);
      const row = await logged(
        request,
        staff,
        async (tx) => {
          const deleted = await deleteBlogPostRow(tx, request.params.id);
          if (!deleted) throw notFound(POST_NOT_FOUND);
          return deleted;
        },
        (deleted) => ({
          action: 'blog.delete',
          target: `blog:${deleted.id}`,
          details: { title: deleted.title, slug: deleted.slug },
        }),
      );
      return { success: true, message: `Post ${row.title} deleted.` };
    }),

    getMarketingSettings: operation('getMarketingSettings', async (request) => {
      requireStaff(request);
      return { success: true, data: settingsView(await readStoreSettings(db)) };
    }),

    updateMarketingSettings: operation('updateMarketingSettings', async (request) => {
      const staff = requireStaff(request);
      const body = request.body;
      const changes: Parameters<typeof writeStoreSettings>[1] = {};
      if (body.metaTitle !== undefined) changes.metaTitle = blankToNull(body.metaTitle);
      if (body.metaDescription !== undefined) changes.metaDescription = blankToNull(body.metaDescription);
      if (body.analyticsGa4Id !== undefined) changes.analyticsGa4Id = blankToNull(body.analyticsGa4Id);
      if (body.analyticsMetaPixelId !== undefined)
        changes.analyticsMetaPixelId = blankToNull(body.analyticsMetaPixelId);
      const { after } = await logged(
        request,
        staff,
        async (tx) => ({
          before: settingsView(await readStoreSettings(tx)),
          after: settingsView(await writeStoreSettings(tx, changes)),
        }),
        (change) => ({ action: 'marketing.settings.update', target: 'settings:marketing', details: change }),
      );
      return { success: true, message: 'Settings saved.', data: after };
    }),
  };
}
