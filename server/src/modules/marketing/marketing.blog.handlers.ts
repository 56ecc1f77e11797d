import type { StaffAuth } from '../../auth/auth-context.ts';
import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { RequestBody } from '../../http/contract-types.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { sanitizeProductHtml } from '../../lib/sanitize.ts';
import {
  type BlogPostListRow,
  type BlogPostRow,
  deleteBlogPostRow,
  findBlogPost,
  findPublishedBySlug,
  insertBlogPost,
  listBlogPostRows,
  slugTaken,
  updateBlogPostRow,
} from './marketing.repository.ts';
import {
  blankToNull,
  checkImage,
  iso,
  loggedChange,
  type Problems,
  slugOf,
  throwIfAny,
} from './marketing.rules.ts';

export const POST_NOT_FOUND = 'Post not found.';
export const slugInUse = (slug: string) => `Another post has the address ${slug}.`;

const BLOG_PAGE_SIZE = 10;
const STOREFRONT_BLOG_PAGE_SIZE = 9;

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

/** The blog: staff write and publish posts, shoppers read the published ones. */
export function createBlogHandlers(deps: { db: Database }) {
  const { db } = deps;
  const logged = loggedChange(db);

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
  };
}
