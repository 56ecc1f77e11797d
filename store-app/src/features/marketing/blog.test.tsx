import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubApi } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { contentAnswer, post } from './testing/marketing-fixtures';

const suppliers = post('how-we-pick-our-suppliers', {
  title: 'How we pick our suppliers',
  excerpt: 'Five checks every product passes.',
  coverUrl: 'https://cdn.test/suppliers.jpg',
  bodyHtml: '<h2>The five checks</h2><ol><li>Rating</li><li>Reviews</li></ol>',
});
const packing = post('packing-tips', { title: 'Packing tips', authorName: 'Sadia Islam' });

function page(items: ReturnType<typeof post>[], meta = { page: 1, limit: 9, total: items.length }) {
  return json(200, { success: true, data: items.map(({ bodyHtml: _body, ...summary }) => summary), meta });
}

describe('the storefront blog', { timeout: 15_000 }, () => {
  it('lists published posts with their byline, excerpt and a way to read each', async () => {
    stubApi({ 'GET /storefront/blog': () => page([suppliers, packing]) });
    renderApp('/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Blog' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(items[0] as HTMLElement).getByRole('link', { name: 'How we pick our suppliers' }),
    ).toHaveAttribute('href', '/blog/how-we-pick-our-suppliers');
    expect(within(items[0] as HTMLElement).getByText('By Store Admin · Nov 20, 2026')).toBeInTheDocument();
    expect(
      within(items[0] as HTMLElement).getByText('Five checks every product passes.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read more: Packing tips' })).toHaveAttribute(
      'href',
      '/blog/packing-tips',
    );
  });

  it('pages through the posts, the page kept in the URL', async () => {
    const user = userEvent.setup();
    const { requests } = stubApi({
      'GET /storefront/blog': (request) => {
        const n = Number(new URL(request.url).searchParams.get('page'));
        return page([post(`p${n}`)], { page: n, limit: 9, total: 10 });
      },
    });
    const { router } = renderApp('/blog');
    expect(await screen.findByRole('link', { name: 'Post p1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Post p2' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(new URL(requests.at(-1)?.url ?? '').searchParams.get('limit')).toBe('9');
  });

  it('says so when there are no posts yet, or when the blog cannot be read', async () => {
    stubApi({ 'GET /storefront/blog': () => page([]) });
    const empty = renderApp('/blog');
    expect(await screen.findByText('No posts yet. Check back soon.')).toBeInTheDocument();
    empty.unmount();
    stubApi({ 'GET /storefront/blog': () => apiError(503, 'SERVICE_UNAVAILABLE', 'Down.') });
    renderApp('/blog');
    expect(await screen.findByText('The blog could not be loaded.')).toBeInTheDocument();
  });

  it('shows a post with its sanitised body, under its own title', async () => {
    stubApi({
      'GET /storefront/blog/how-we-pick-our-suppliers': () => json(200, { success: true, data: suppliers }),
      'GET /storefront/content': contentAnswer({
        meta: { title: 'Shop — the world, delivered', description: null },
      }),
    });
    renderApp('/blog/how-we-pick-our-suppliers');
    const article = await screen.findByRole('article', { name: 'How we pick our suppliers' });
    expect(within(article).getByRole('heading', { level: 2, name: 'The five checks' })).toBeInTheDocument();
    expect(
      within(article)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Rating', 'Reviews']);
    expect(within(article).getByText('By Store Admin · Nov 20, 2026')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Back to the blog' })).toHaveAttribute('href', '/blog');
    await waitFor(() =>
      expect(document.title).toBe('How we pick our suppliers | Shop — the world, delivered'),
    );
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Five checks every product passes.',
    );
  });

  it('shows a not-found page for an unknown or unpublished post', async () => {
    stubApi({ 'GET /storefront/blog/gift-guide': () => apiError(404, 'NOT_FOUND', 'Post not found.') });
    renderApp('/blog/gift-guide');
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByText('This post does not exist or is no longer published.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the blog' })).toHaveAttribute('href', '/blog');
  });

  it('is linked from the footer of every page', async () => {
    stubApi({ 'GET /storefront/blog': () => page([]) });
    const { router } = renderApp('/about');
    const footer = await screen.findByRole('contentinfo');
    await userEvent.setup().click(within(footer).getByRole('link', { name: 'Blog' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'));
  });
});

describe('meta tag defaults', () => {
  it('titles and describes pages without their own with the store’s defaults', async () => {
    stubApi({
      'GET /storefront/content': contentAnswer({
        meta: { title: 'Shop — the world, delivered', description: 'Products from 40+ countries.' },
      }),
    });
    renderApp('/about');
    await waitFor(() => expect(document.title).toBe('Shop — the world, delivered'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Products from 40+ countries.',
    );
  });
});
