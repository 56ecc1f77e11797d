import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../orders/testing/order-api-stub';
import { makePost, popupSettings, uuid } from './testing/marketing-api-stub';

const unavailable = () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR'));
const noSettings = {
  metaTitle: null,
  metaDescription: null,
  analyticsGa4Id: null,
  analyticsMetaPixelId: null,
};

describe('Marketing & Content: popup, blog, meta tags and analytics', { timeout: 20_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('saves the popup: an English title when it is on, the days between showings, and a preview', async () => {
    let saved = popupSettings;
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /marketing/popup': () => jsonResponse(200, dataEnvelope(saved)),
      'PUT /marketing/popup': (request) => {
        saved = { ...(request.body as typeof saved), updatedAt: '2026-11-26T10:00:00.000Z' };
        return jsonResponse(200, { ...dataEnvelope(saved), message: 'Popup saved.' });
      },
    });
    const { user, router } = renderApp('/manage-admin/marketing?tab=popup');
    const form = within(await screen.findByRole('form', { name: 'Storefront popup' }));
    expect(router.state.location.search).toEqual({ tab: 'popup' });
    await user.click(form.getByRole('switch', { name: 'Show the popup on the storefront' }));
    await user.click(form.getByRole('button', { name: 'Save popup' }));
    expect(await form.findByText('Give the English title.')).toBeInTheDocument();
    expect(api.sentTo('PUT /marketing/popup')).toHaveLength(0);

    await user.type(form.getByRole('textbox', { name: 'Title (English)' }), '10% off your first order');
    await user.type(form.getByRole('textbox', { name: 'Title (Bengali)' }), 'প্রথম অর্ডারে ১০% ছাড়');
    await user.type(form.getByRole('textbox', { name: 'Text (English)' }), 'Use the code WELCOME10.');
    await user.type(form.getByRole('textbox', { name: 'Link' }), '/register');
    const days = form.getByRole('textbox', { name: 'Show again after (days)' });
    await user.clear(days);
    await user.type(days, '3');

    await user.click(form.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview: 10% off your first order' });
    await user.click(within(preview).getByText('Bengali'));
    expect(await screen.findByRole('dialog', { name: 'Preview: প্রথম অর্ডারে ১০% ছাড়' })).toBeInTheDocument();
    expect(within(preview).getByText('Use the code WELCOME10.')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(form.getByRole('button', { name: 'Save popup' }));
    expect(await screen.findByText('Popup saved.')).toBeInTheDocument();
    expect(api.sentTo('PUT /marketing/popup')[0]?.body).toEqual({
      enabled: true,
      title: { en: '10% off your first order', bn: 'প্রথম অর্ডারে ১০% ছাড়' },
      text: { en: 'Use the code WELCOME10.' },
      imageUrl: null,
      link: '/register',
      everyDays: 3,
    });
  });

  it('lists posts with their status, filters them, and publishes, unpublishes and deletes', async () => {
    let posts = [
      makePost(1, { title: 'Gift guide' }),
      makePost(2, { title: 'Suppliers', status: 'published', publishedAt: '2026-11-20T10:00:00.000Z' }),
    ];
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /marketing/blog': (request) => {
        const status = request.url.searchParams.get('status');
        const shown = posts.filter((post) => !status || post.status === status);
        return jsonResponse(200, {
          ...dataEnvelope(shown),
          meta: { page: 1, limit: 10, total: shown.length },
        });
      },
      [`PUT /marketing/blog/${uuid(101)}/status`]: (request) => {
        const status = (request.body as { status: 'draft' | 'published' }).status;
        posts = posts.map((post) => (post.id === uuid(101) ? { ...post, status } : post));
        return jsonResponse(200, { ...dataEnvelope(posts[0]), message: 'Gift guide is published.' });
      },
      [`DELETE /marketing/blog/${uuid(102)}`]: () => {
        posts = posts.filter((post) => post.id !== uuid(102));
        return jsonResponse(200, { success: true, message: 'Post Suppliers deleted.' });
      },
    });
    const { user, router } = renderApp('/manage-admin/marketing?tab=blog');
    const table = await screen.findByRole('table', { name: 'Blog posts' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('Draft')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('/blog/post-1')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Nov 20, 2026')).toBeInTheDocument();

    await user.click(screen.getByText('Drafts'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'blog', status: 'draft' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Blog posts' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(api.sentTo('GET /marketing/blog').at(-1)?.url.searchParams.get('status')).toBe('draft');
    await user.click(screen.getByText('All'));

    await user.click(await screen.findByRole('button', { name: 'Publish Gift guide' }));
    expect(await screen.findByText('Gift guide is published.')).toBeInTheDocument();
    expect(api.sentTo(`PUT /marketing/blog/${uuid(101)}/status`)[0]?.body).toEqual({ status: 'published' });
    expect(await screen.findByRole('button', { name: 'Unpublish Gift guide' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Suppliers' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete post' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Post Suppliers deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Suppliers')).not.toBeInTheDocument());
  });

  it('writes a post as a draft, and edits one, with the server’s field errors beside the fields', async () => {
    const existing = makePost(3, {
      title: 'Returns',
      slug: 'returns',
      bodyHtml: '<p>Old body</p>',
      status: 'published',
    });
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /marketing/blog': () =>
        jsonResponse(200, { ...dataEnvelope([existing]), meta: { page: 1, limit: 10, total: 1 } }),
      [`GET /marketing/blog/${existing.id}`]: () => jsonResponse(200, dataEnvelope(existing)),
      'POST /marketing/blog': (request) =>
        jsonResponse(201, { ...dataEnvelope(makePost(4, request.body as object)), message: 'Post saved.' }),
      [`PUT /marketing/blog/${existing.id}`]: () =>
        jsonResponse(409, errorEnvelope('Another post has the address gift-guide.', 'CONFLICT')),
    });
    const { user } = renderApp('/manage-admin/marketing?tab=blog');
    await user.click(await screen.findByRole('button', { name: 'Write post' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Write post' }));
    await user.click(dialog.getByRole('button', { name: 'Save draft' }));
    expect(await dialog.findByText('Give the post a title.')).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: 'Title' }), 'Packing tips');
    await user.type(dialog.getByRole('textbox', { name: 'Address' }), 'Packing Tips');
    await user.click(dialog.getByRole('button', { name: 'Save draft' }));
    expect(
      await dialog.findByText('Lower-case letters and digits joined by single dashes, e.g. gift-guide'),
    ).toBeInTheDocument();
    await user.clear(dialog.getByRole('textbox', { name: 'Address' }));
    // The rich editor writes HTML; the HTML view takes it as written.
    expect(dialog.getByRole('textbox', { name: 'Body' })).toHaveAttribute('contenteditable', 'true');
    await user.click(dialog.getByText('HTML'));
    await user.type(dialog.getByRole('textbox', { name: 'Body HTML' }), '<p>Bubble wrap</p>');
    await user.click(dialog.getByText('Preview'));
    expect(dialog.getByTitle('Body preview')).toHaveAttribute('sandbox', '');
    await user.click(dialog.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Packing tips saved as a draft.')).toBeInTheDocument();
    expect(api.sentTo('POST /marketing/blog')[0]?.body).toEqual({
      title: 'Packing tips',
      slug: '',
      excerpt: '',
      bodyHtml: '<p>Bubble wrap</p>',
      coverUrl: null,
      authorName: '',
      status: 'draft',
    });

    await user.click(screen.getByRole('button', { name: 'Edit Returns' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit post' }));
    // The post's body shows formatted in the rich editor, and as it is stored in the HTML view.
    expect(await edit.findByRole('textbox', { name: 'Body' })).toHaveTextContent('Old body');
    await user.click(edit.getByText('HTML'));
    expect(edit.getByRole('textbox', { name: 'Body HTML' })).toHaveValue('<p>Old body</p>');
    await user.clear(edit.getByRole('textbox', { name: 'Address' }));
    await user.type(edit.getByRole('textbox', { name: 'Address' }), 'gift-guide');
    await user.click(edit.getByRole('button', { name: 'Save and keep published' }));
    expect(await edit.findByText('Another post has the address gift-guide.')).toBeInTheDocument();
    expect(api.sentTo(`PUT /marketing/blog/${existing.id}`)[0]?.body).toMatchObject({
      slug: 'gift-guide',
      status: 'published',
    });
  });

  it('saves the meta tag defaults', async () => {
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /marketing/settings': () => jsonResponse(200, dataEnvelope(noSettings)),
      'PUT /marketing/settings': (request) =>
        jsonResponse(200, {
          ...dataEnvelope({ ...noSettings, ...(request.body as object) }),
          message: 'Settings saved.',
        }),
    });
    const { user } = renderApp('/manage-admin/marketing?tab=meta');
    const form = within(await screen.findByRole('form', { name: 'Meta tag defaults' }));
    await user.type(form.getByRole('textbox', { name: 'Default title' }), 'Shop — the world, delivered');
    await user.type(
      form.getByRole('textbox', { name: 'Default description' }),
      'Products from 40+ countries.',
    );
    await user.click(form.getByRole('button', { name: 'Save meta tags' }));
    expect(await screen.findByText('Meta tags saved.')).toBeInTheDocument();
    expect(api.sentTo('PUT /marketing/settings')[0]?.body).toEqual({
      metaTitle: 'Shop — the world, delivered',
      metaDescription: 'Products from 40+ countries.',
    });
  });

  it('takes analytics identifiers only, in their known formats, and says the storefront loads no outside script', async () => {
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /marketing/settings': () => jsonResponse(200, dataEnvelope(noSettings)),
      'PUT /marketing/settings': (request) =>
        jsonResponse(200, {
          ...dataEnvelope({ ...noSettings, ...(request.body as object) }),
          message: 'Settings saved.',
        }),
    });
    const { user } = renderApp('/manage-admin/marketing?tab=analytics');
    const form = within(await screen.findByRole('form', { name: 'Analytics identifiers' }));
    expect(
      form.getByText(
        /Saved for your analytics: the storefront loads only scripts its security policy allows\./,
      ),
    ).toBeInTheDocument();
    expect(form.getByText(/never raw script/)).toBeInTheDocument();
    const ga4 = form.getByRole('textbox', { name: 'Google Analytics 4 measurement ID' });
    const pixel = form.getByRole('textbox', { name: 'Meta Pixel ID' });
    await user.type(ga4, '<script>alert(1)</script>');
    await user.type(pixel, '12345');
    await user.click(form.getByRole('button', { name: 'Save analytics' }));
    expect(
      await form.findByText('A Google Analytics 4 measurement id looks like G-ABC123XYZ9.'),
    ).toBeInTheDocument();
    expect(form.getByText('A Meta Pixel id is 15 or 16 digits.')).toBeInTheDocument();
    expect(api.sentTo('PUT /marketing/settings')).toHaveLength(0);

    await user.clear(ga4);
    await user.type(ga4, 'g-abc123xyz9');
    await user.clear(pixel);
    await user.type(pixel, '1234567890123456');
    await user.click(form.getByRole('button', { name: 'Save analytics' }));
    expect(await screen.findByText('Analytics identifiers saved.')).toBeInTheDocument();
    expect(api.sentTo('PUT /marketing/settings')[0]?.body).toEqual({
      analyticsGa4Id: 'G-ABC123XYZ9',
      analyticsMetaPixelId: '1234567890123456',
    });
  });
});
