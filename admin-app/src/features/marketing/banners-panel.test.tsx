import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../orders/testing/order-api-stub';
import { makeBanner, marketingFolders, mediaFile, uuid } from './testing/marketing-api-stub';

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A staff token (decoded by the app, checked only by the server) for a Viewer with just the settings permission. */
function settingsOnlyToken() {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: 'staff-9',
    aud: 'shop:staff',
    email: 'marketer@example.com',
    name: 'Mia Marketer',
    role: 'Viewer',
    permissions: ['settings'],
    tv: 1,
    iat: now,
    exp: now + 3600,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`;
}

const unavailable = () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR'));
const list = (banners: ReturnType<typeof makeBanner>[]) => () => jsonResponse(200, dataEnvelope(banners));

describe('Marketing & Content: banners', { timeout: 20_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('lists hero slides and promo tiles in order, with their schedule, languages and status', async () => {
    stubApi({
      'GET /admin/me': unavailable,
      'GET /marketing/banners': list([
        makeBanner(1, { title: { en: 'Top picks', es: 'Lo mejor', bn: 'সেরা' } }),
        makeBanner(2, {
          title: { en: 'Winter sale' },
          status: 'scheduled',
          startsAt: '2026-12-01T10:00:00.000Z',
          endsAt: '2026-12-31T10:00:00.000Z',
        }),
        makeBanner(3, {
          placement: 'promo',
          position: 0,
          title: { en: 'Free Shipping' },
          enabled: false,
          status: 'disabled',
        }),
      ]),
    });
    renderApp('/manage-admin/marketing');
    expect(await screen.findByRole('heading', { name: 'Marketing & Content' })).toBeInTheDocument();
    for (const tab of ['Banners', 'Popup', 'Blog', 'Meta Tags', 'Analytics']) {
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    }
    const hero = await screen.findByRole('region', { name: 'Hero slides' });
    const rows = await within(hero).findAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Top picks',
      'Winter sale',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('EN · BN · ES')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Always')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Scheduled')).toBeInTheDocument();
    expect(within(hero).getByRole('button', { name: 'Move Top picks up' })).toBeDisabled();
    expect(within(hero).getByRole('button', { name: 'Move Winter sale down' })).toBeDisabled();
    const promo = screen.getByRole('region', { name: 'Promo tiles' });
    expect(within(promo).getByText('Disabled')).toBeInTheDocument();
    expect(
      within(promo).getByRole('switch', { name: 'Show Free Shipping on the storefront' }),
    ).not.toBeChecked();
  });

  it('moves a slide up, and switches one off, through the server', async () => {
    let banners = [makeBanner(1), makeBanner(2)];
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /marketing/banners': () => jsonResponse(200, dataEnvelope(banners)),
      [`POST /marketing/banners/${uuid(2)}/move`]: () => {
        banners = [banners[1], banners[0]].map((banner, position) => ({
          ...(banner as ReturnType<typeof makeBanner>),
          position,
        }));
        return jsonResponse(200, dataEnvelope(banners));
      },
      [`PUT /marketing/banners/${uuid(1)}`]: (request) => {
        banners = banners.map((banner) =>
          banner.id === uuid(1)
            ? { ...banner, ...(request.body as object), status: 'disabled' as const }
            : banner,
        );
        return jsonResponse(200, { ...dataEnvelope(banners[1]), message: 'Banner saved.' });
      },
    });
    const { user } = renderApp('/manage-admin/marketing');
    const hero = await screen.findByRole('region', { name: 'Hero slides' });
    await user.click(await within(hero).findByRole('button', { name: 'Move Slide 2 up' }));
    expect(api.sentTo(`POST /marketing/banners/${uuid(2)}/move`)[0]?.body).toEqual({ direction: 'up' });
    await waitFor(() => expect(within(hero).getAllByRole('row')[1]).toHaveTextContent('Slide 2'));

    await user.click(within(hero).getByRole('switch', { name: 'Show Slide 1 on the storefront' }));
    expect(await screen.findByText('Slide 1 is switched off.')).toBeInTheDocument();
    expect(api.sentTo(`PUT /marketing/banners/${uuid(1)}`)[0]?.body).toMatchObject({
      placement: 'hero',
      title: { en: 'Slide 1' },
      enabled: false,
    });
    await waitFor(() => expect(within(hero).getByText('Disabled')).toBeInTheDocument());
  });

  it('adds a hero slide: English title and a safe link required, a live preview in each language, a library picture', async () => {
    let banners: ReturnType<typeof makeBanner>[] = [];
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /marketing/banners': () => jsonResponse(200, dataEnvelope(banners)),
      'GET /media/folders': () => jsonResponse(200, dataEnvelope(marketingFolders)),
      'GET /media/files': () =>
        jsonResponse(200, {
          ...dataEnvelope([mediaFile('summer.png')]),
          meta: { page: 1, limit: 12, total: 1 },
        }),
      'POST /marketing/banners': (request) => {
        const created = makeBanner(5, request.body as object);
        banners = [created];
        return jsonResponse(201, { ...dataEnvelope(created), message: 'Banner added.' });
      },
    });
    const { user } = renderApp('/manage-admin/marketing');
    await user.click(await screen.findByRole('button', { name: 'Add hero slide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add banner' });
    const form = within(dialog);
    await user.type(form.getByRole('textbox', { name: 'Link' }), 'javascript:alert(1)');
    await user.click(form.getByRole('button', { name: 'Add banner' }));
    expect(await form.findByText('Give the English title.')).toBeInTheDocument();
    expect(
      form.getByText('Use a storefront path such as /search/Books or an http(s) address.'),
    ).toBeInTheDocument();
    expect(api.sentTo('POST /marketing/banners')).toHaveLength(0);

    await user.type(form.getByRole('textbox', { name: 'Title (English)' }), 'Summer sale');
    await user.type(form.getByRole('textbox', { name: 'Title (Spanish)' }), 'Rebajas de verano');
    await user.type(form.getByRole('textbox', { name: 'Text (English)' }), 'Up to 30% off.');
    await user.clear(form.getByRole('textbox', { name: 'Link' }));
    await user.type(form.getByRole('textbox', { name: 'Link' }), '/search/Books');
    const preview = form.getByRole('figure', { name: 'Hero slide preview' });
    expect(within(preview).getByRole('heading', { name: 'Summer sale' })).toBeInTheDocument();
    expect(within(preview).getByText('Shop now')).toBeInTheDocument();
    await user.click(form.getByText('Spanish'));
    expect(within(preview).getByRole('heading', { name: 'Rebajas de verano' })).toBeInTheDocument();
    // No Spanish text was written: the English one shows, as on the storefront.
    expect(within(preview).getByText('Up to 30% off.')).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Choose from library' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose from the media library' });
    await user.click(await within(picker).findByRole('button', { name: 'Choose summer.png' }));
    expect(form.getByRole('textbox', { name: 'Picture' })).toHaveValue(mediaFile('x').url);

    await user.click(form.getByRole('combobox', { name: 'Placement' }));
    await user.click(await screen.findByRole('option', { name: 'Hero slide', hidden: true }));
    await user.click(form.getByRole('button', { name: 'Add banner' }));
    expect(await screen.findByText('Banner added.')).toBeInTheDocument();
    expect(api.sentTo('POST /marketing/banners')[0]?.body).toEqual({
      placement: 'hero',
      title: { en: 'Summer sale', es: 'Rebajas de verano' },
      text: { en: 'Up to 30% off.' },
      imageUrl: mediaFile('x').url,
      background: null,
      link: '/search/Books',
      startsAt: null,
      endsAt: null,
      enabled: true,
    });
    const hero = screen.getByRole('region', { name: 'Hero slides' });
    expect(await within(hero).findByText('Summer sale')).toBeInTheDocument();
  });

  it('uploads a picture into the library’s Marketing folder', async () => {
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /marketing/banners': list([]),
      'GET /media/folders': () => jsonResponse(200, dataEnvelope(marketingFolders)),
      'POST /media/files': () => jsonResponse(201, dataEnvelope(mediaFile('tile.png'))),
    });
    const { user } = renderApp('/manage-admin/marketing');
    await user.click(await screen.findByRole('button', { name: 'Add promo tile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add banner' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['png'], 'tile.png', { type: 'image/png' }));
    expect(await screen.findByText('tile.png uploaded to the Marketing folder.')).toBeInTheDocument();
    expect(api.sentTo('POST /media/files')[0]?.url.searchParams.get('folder')).toBe(marketingFolders[0]?.id);
    expect(within(dialog).getByRole('textbox', { name: 'Picture' })).toHaveValue(mediaFile('x').url);
    expect(within(dialog).getByRole('textbox', { name: 'Picture' })).toBeInTheDocument();
  });

  it('edits a banner, showing the server’s field errors, and deletes one after asking', async () => {
    const banner = makeBanner(1, { title: { en: 'Old title' }, startsAt: '2026-12-01T10:00:00.000Z' });
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /marketing/banners': list([banner]),
      [`PUT /marketing/banners/${uuid(1)}`]: () =>
        jsonResponse(
          400,
          errorEnvelope('The request is not valid.', 'VALIDATION_ERROR', [
            { path: '/background', message: 'Use a CSS colour or gradient, such as #1864ab.' },
          ]),
        ),
      [`DELETE /marketing/banners/${uuid(1)}`]: () =>
        jsonResponse(200, { success: true, message: 'Banner Old title removed.' }),
    });
    const { user } = renderApp('/manage-admin/marketing');
    await user.click(await screen.findByRole('button', { name: 'Edit Old title' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit banner' });
    const form = within(dialog);
    expect(form.getByRole('textbox', { name: 'Title (English)' })).toHaveValue('Old title');
    expect(form.getByLabelText('Starts')).not.toHaveValue('');
    await user.type(form.getByLabelText('Ends'), '2026-11-01T10:00');
    await user.click(form.getByRole('button', { name: 'Save banner' }));
    expect(await form.findByText('The end must be after the start.')).toBeInTheDocument();
    await user.clear(form.getByLabelText('Ends'));
    await user.click(form.getByRole('button', { name: 'Save banner' }));
    expect(await form.findByText('Use a CSS colour or gradient, such as #1864ab.')).toBeInTheDocument();
    expect(form.getByRole('alert')).toHaveTextContent('The request is not valid.');
    await user.click(form.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete Old title' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete banner' });
    expect(
      within(confirm).getByText('Delete “Old title”? The storefront stops showing it.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Banner Old title removed.')).toBeInTheDocument();
    expect(api.sentTo(`DELETE /marketing/banners/${uuid(1)}`)).toHaveLength(1);
  });

  it('previews a banner in the four languages, English where one is empty', async () => {
    stubApi({
      'GET /admin/me': unavailable,
      'GET /marketing/banners': list([makeBanner(1, { title: { en: 'Top picks', hi: 'टॉप पिक्स' } })]),
    });
    const { user } = renderApp('/manage-admin/marketing');
    await user.click(await screen.findByRole('button', { name: 'Preview Top picks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview: Top picks' });
    const titles = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Top picks', 'Top picks', 'Top picks', 'टॉप पिक्स']);
  });

  it('keeps the media library’s buttons from staff without the products permission', async () => {
    adminSession.login(settingsOnlyToken());
    stubApi({ 'GET /admin/me': unavailable, 'GET /marketing/banners': list([]) });
    const { user } = renderApp('/manage-admin/marketing');
    await user.click(await screen.findByRole('button', { name: 'Add hero slide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add banner' });
    expect(
      await within(dialog).findByText(
        'Choosing or uploading a picture uses the media library, which needs the products permission.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Choose from library' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Picture' })).toBeInTheDocument();
  });
});
