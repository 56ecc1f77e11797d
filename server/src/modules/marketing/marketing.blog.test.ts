import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, blogPosts } from '../../db/schema.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, demoAdminToken } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { IMAGE_REFUSED } from './marketing.rules.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Post = {
  id: string;
  slug: string;
  title: string;
  status: string;
  publishedAt: string | null;
  bodyHtml: string;
};
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('Marketing & Content: the blog', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, payload?: object, token: string | null = admin) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const write = async (body: object) => {
    const response = await call('POST', '/marketing/blog', body);
    expect(response.statusCode, response.body).toBe(201);
    assertMatchesContract('createBlogPost', response);
    return response.json().data as Post;
  };
  const publicSlugs = async () => {
    const response = await call('GET', '/storefront/blog', undefined, null);
    assertMatchesContract('listPublishedBlogPosts', response);
    return response.json().data.map((post: Post) => post.slug);
  };
  const logged = (action: string, id: string) =>
    t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, action), eq(activityLog.target, `blog:${id}`)));

  it('shows shoppers the seeded published post and never the draft', async () => {
    expect(await publicSlugs()).toEqual(['how-we-pick-our-suppliers']);
    const post = await call('GET', '/storefront/blog/how-we-pick-our-suppliers', undefined, null);
    expect(post.statusCode).toBe(200);
    assertMatchesContract('getPublishedBlogPost', post);
    expect(post.json().data).toMatchObject({ title: 'How we pick our suppliers', authorName: 'Store Admin' });
    expect(post.json().data.bodyHtml).toContain('<strong>Top Picks</strong>');

    for (const slug of ['gift-guide', 'no-such-post']) {
      const missing = await call('GET', `/storefront/blog/${slug}`, undefined, null);
      expect(missing.statusCode, slug).toBe(404);
      assertMatchesContract('getPublishedBlogPost', missing);
      expect(missing.json().message).toBe('Post not found.');
    }
  });

  it('lists every post for staff, newest change first, by status and title', async () => {
    const all = await call('GET', '/marketing/blog');
    assertMatchesContract('listBlogPosts', all);
    expect(all.json().data.map((post: Post) => [post.slug, post.status])).toEqual([
      ['gift-guide', 'draft'],
      ['how-we-pick-our-suppliers', 'published'],
    ]);
    expect(all.json().meta).toEqual({ page: 1, limit: 10, total: 2 });
    expect(all.json().data[0]).not.toHaveProperty('bodyHtml');
    const drafts = await call('GET', '/marketing/blog?status=draft');
    expect(drafts.json().data.map((post: Post) => post.slug)).toEqual(['gift-guide']);
    const found = await call('GET', '/marketing/blog?q=SUPPLIERS');
    expect(found.json().data.map((post: Post) => post.slug)).toEqual(['how-we-pick-our-suppliers']);
    expect((await call('GET', '/marketing/blog?status=archived')).statusCode).toBe(400);
    expect((await call('GET', '/marketing/blog?limit=0')).statusCode).toBe(400);
  });

  it('writes a draft with its HTML sanitised and a slug from its title, off the storefront', async () => {
    const post = await write({
      title: 'Señor Gadget’s  top 5!',
      excerpt: '  Five finds. ',
      bodyHtml:
        '<h2>Hello</h2><p onclick="steal()">Read <a href="javascript:alert(1)">this</a> and ' +
        '<a href="https://example.com" target="_top">that</a></p><script>alert(1)</script>' +
        '<img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
    });
    expect(post).toMatchObject({
      slug: 'senor-gadget-s-top-5',
      excerpt: 'Five finds.',
      status: 'draft',
      publishedAt: null,
      authorName: 'Store Admin',
    });
    expect(post.bodyHtml).toContain('<h2>Hello</h2>');
    for (const dropped of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', 'target="_top"']) {
      expect(post.bodyHtml).not.toContain(dropped);
    }
    const [stored] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(stored?.bodyHtml).toBe(post.bodyHtml);
    expect(await logged('blog.create', post.id)).toHaveLength(1);
    expect(await publicSlugs()).not.toContain(post.slug);
    expect((await call('GET', `/storefront/blog/${post.slug}`, undefined, null)).statusCode).toBe(404);

    const again = await write({ title: 'Señor Gadget’s top 5', bodyHtml: '<p>Again</p>' });
    expect(again.slug).toBe('senor-gadget-s-top-5-2');
    const bengali = await write({ title: 'নতুন পণ্য', bodyHtml: '<p>নতুন</p>' });
    expect(bengali.slug).toBe('post');
  });

  it('publishes and unpublishes, and the storefront follows', async () => {
    const post = await write({
      title: 'Packing tips',
      bodyHtml: '<p>Bubble wrap.</p>',
      authorName: 'Sadia Islam',
    });
    const published = await call('PUT', `/marketing/blog/${post.id}/status`, { status: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    assertMatchesContract('setBlogPostStatus', published);
    expect(published.json().data.publishedAt).not.toBeNull();
    expect(published.json().message).toBe('Packing tips is published.');
    expect((await publicSlugs())[0]).toBe('packing-tips');
    const read = await call('GET', '/storefront/blog/packing-tips', undefined, null);
    expect(read.json().data).toMatchObject({ authorName: 'Sadia Islam', bodyHtml: '<p>Bubble wrap.</p>' });
    expect(await logged('blog.publish', post.id)).toHaveLength(1);

    const unpublished = await call('PUT', `/marketing/blog/${post.id}/status`, { status: 'draft' });
    expect(unpublished.json().data).toMatchObject({ status: 'draft', publishedAt: null });
    expect(await publicSlugs()).not.toContain('packing-tips');
    expect((await call('GET', '/storefront/blog/packing-tips', undefined, null)).statusCode).toBe(404);
    expect(await logged('blog.unpublish', post.id)).toHaveLength(1);

    expect((await call('PUT', `/marketing/blog/${post.id}/status`, { status: 'live' })).statusCode).toBe(400);
    const unknown = await call('PUT', `/marketing/blog/${UNKNOWN}/status`, { status: 'published' });
    expect(unknown.statusCode).toBe(404);
    assertMatchesContract('setBlogPostStatus', unknown);
  });

  it('edits a post, keeping its status unless told, and refuses a slug another post has', async () => {
    const post = await write({ title: 'Returns explained', bodyHtml: '<p>v1</p>', status: 'published' });
    expect(post.status).toBe('published');
    const firstPublished = post.publishedAt;
    expect(firstPublished).not.toBeNull();

    const edited = await call('PUT', `/marketing/blog/${post.id}`, {
      title: 'Returns, explained',
      slug: 'returns',
      bodyHtml: '<p>v2<script>x()</script></p>',
      coverUrl: 'https://cdn.example.com/returns.jpg',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    assertMatchesContract('updateBlogPost', edited);
    expect(edited.json().data).toMatchObject({
      slug: 'returns',
      status: 'published',
      publishedAt: firstPublished,
      bodyHtml: '<p>v2</p>',
      coverUrl: 'https://cdn.example.com/returns.jpg',
    });
    expect(await logged('blog.update', post.id)).toHaveLength(1);
    const one = await call('GET', `/marketing/blog/${post.id}`);
    assertMatchesContract('getBlogPost', one);
    expect(one.json().data.title).toBe('Returns, explained');

    const taken = await call('PUT', `/marketing/blog/${post.id}`, {
      title: 'Returns',
      slug: 'how-we-pick-our-suppliers',
      bodyHtml: '',
    });
    expect(taken.statusCode).toBe(409);
    assertMatchesContract('updateBlogPost', taken);
    expect(taken.json().message).toBe('Another post has the address how-we-pick-our-suppliers.');
    const takenNew = await call('POST', '/marketing/blog', { title: 'X', slug: 'returns', bodyHtml: '' });
    expect(takenNew.statusCode).toBe(409);

    const keepsOwn = await call('PUT', `/marketing/blog/${post.id}`, {
      title: 'Returns',
      slug: 'returns',
      bodyHtml: '',
    });
    expect(keepsOwn.statusCode).toBe(200);
    const toDraft = await call('PUT', `/marketing/blog/${post.id}`, {
      title: 'Returns',
      bodyHtml: '',
      status: 'draft',
    });
    expect(toDraft.json().data).toMatchObject({ status: 'draft', publishedAt: null, slug: 'returns' });

    for (const [method, url] of [
      ['GET', `/marketing/blog/${UNKNOWN}`],
      ['PUT', `/marketing/blog/${UNKNOWN}`],
      ['DELETE', `/marketing/blog/${UNKNOWN}`],
    ] as const) {
      const response = await call(method, url, method === 'PUT' ? { title: 'X', bodyHtml: '' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('refuses bodies that are not right', async () => {
    for (const body of [
      {},
      { title: 'No body' },
      { title: '', bodyHtml: '' },
      { title: 'x'.repeat(201), bodyHtml: '' },
      { title: 'Bad slug', slug: 'Bad Slug', bodyHtml: '' },
      { title: 'Bad slug', slug: 'a--b', bodyHtml: '' },
      { title: 'Bad status', status: 'live', bodyHtml: '' },
      { title: 'Body', bodyHtml: 42 },
    ]) {
      const response = await call('POST', '/marketing/blog', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      assertMatchesContract('createBlogPost', response);
    }
    const spaces = await call('POST', '/marketing/blog', { title: '   ', bodyHtml: '' });
    expect(spaces.json().errors).toEqual([{ path: '/title', message: 'Give the post a title.' }]);
    const cover = await call('POST', '/marketing/blog', {
      title: 'X',
      bodyHtml: '',
      coverUrl: 'javascript:x',
    });
    expect(cover.json().errors).toEqual([{ path: '/coverUrl', message: IMAGE_REFUSED }]);
  });

  it('deletes a post, and the storefront forgets it', async () => {
    const post = await write({ title: 'Short-lived', bodyHtml: '<p>Bye</p>', status: 'published' });
    expect(await publicSlugs()).toContain('short-lived');
    const removed = await call('DELETE', `/marketing/blog/${post.id}`);
    expect(removed.statusCode).toBe(200);
    assertMatchesContract('deleteBlogPost', removed);
    expect(removed.json().message).toBe('Post Short-lived deleted.');
    expect(await publicSlugs()).not.toContain('short-lived');
    expect(await logged('blog.delete', post.id)).toHaveLength(1);
    expect((await call('DELETE', `/marketing/blog/${post.id}`)).statusCode).toBe(404);
  });

  it('pages the storefront blog', async () => {
    const page = await call('GET', '/storefront/blog?page=1&limit=1', undefined, null);
    expect(page.json().meta).toMatchObject({ page: 1, limit: 1 });
    expect(page.json().data).toHaveLength(1);
    expect((await call('GET', '/storefront/blog?limit=51', undefined, null)).statusCode).toBe(400);
  });
});
