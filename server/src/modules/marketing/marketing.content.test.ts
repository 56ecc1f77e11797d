import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, storeSettings } from '../../db/schema.ts';
import type { OperationId } from '../../http/contract-types.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { multipartForm } from '../../test/multipart.ts';
import { bearer, demoAdminToken, demoShopperToken, limitedStaffToken } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  BACKGROUND_REFUSED,
  END_BEFORE_START,
  ENGLISH_TITLE_NEEDED,
  IMAGE_REFUSED,
  LINK_REFUSED,
} from './marketing.rules.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Banner = {
  id: string;
  imageUrl: string | null;
  placement: 'hero' | 'promo';
  title: Record<string, string>;
  text: Record<string, string>;
  position: number;
  status: string;
  link: string | null;
};
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const DAY = 24 * 60 * 60 * 1000;

describe('Marketing & Content: banners, popup, meta tags and analytics', () => {
  let t: TestApp;
  let admin: string;
  let marketer: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await demoAdminToken(t.app);
    marketer = await limitedStaffToken(t.app, t.db, ['settings']);
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, payload?: object, token: string | null = admin) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const content = async () => {
    const response = await call('GET', '/storefront/content', undefined, null);
    expect(response.statusCode, response.body).toBe(200);
    assertMatchesContract('getStorefrontContent', response);
    return response.json().data;
  };
  const banners = async (): Promise<Banner[]> => (await call('GET', '/marketing/banners')).json().data;
  const createBanner = async (body: object) => {
    const response = await call('POST', '/marketing/banners', body);
    expect(response.statusCode, response.body).toBe(201);
    assertMatchesContract('createBanner', response);
    return response.json().data as Banner;
  };
  const logged = (action: string, target: string) =>
    t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, action), eq(activityLog.target, target)));

  it('serves the seeded hero slides and promo tiles in four languages, no popup, to anyone', async () => {
    const data = await content();
    expect(data.hero.map((slide: Banner) => slide.title.en)).toEqual([
      'Top picks, delivered worldwide',
      'New arrivals every week',
      'Deals that ship free',
    ]);
    expect(data.hero[0]).toMatchObject({
      title: {
        en: 'Top picks, delivered worldwide',
        bn: 'সেরা পণ্য, বিশ্বজুড়ে ডেলিভারি',
        es: 'Lo más destacado, con envío a todo el mundo',
        hi: 'टॉप पिक्स, दुनिया भर में डिलीवरी',
      },
      text: { en: 'We deliver to 40+ countries, priced in your currency.' },
      background: 'linear-gradient(120deg, #1864ab, #0b7285)',
      imageUrl: null,
    });
    expect(data.promo.map((tile: Banner) => [tile.title.en, tile.title.es])).toEqual([
      ['Free Shipping', 'Envío gratis'],
      ['Easy Returns', 'Devoluciones fáciles'],
    ]);
    expect(data.popup).toBeNull();
    expect(data.meta).toEqual({ title: null, description: null });
    expect(data.analytics).toEqual({ ga4Id: null, metaPixelId: null });
  });

  describe('who may manage it', () => {
    const staffCalls: Array<[OperationId, Method, string, object?]> = [
      ['listBanners', 'GET', '/marketing/banners'],
      ['createBanner', 'POST', '/marketing/banners', { placement: 'hero', title: { en: 'X' } }],
      ['updateBanner', 'PUT', `/marketing/banners/${UNKNOWN}`, { placement: 'hero', title: { en: 'X' } }],
      ['deleteBanner', 'DELETE', `/marketing/banners/${UNKNOWN}`],
      ['moveBanner', 'POST', `/marketing/banners/${UNKNOWN}/move`, { direction: 'up' }],
      ['getStorefrontPopup', 'GET', '/marketing/popup'],
      [
        'updateStorefrontPopup',
        'PUT',
        '/marketing/popup',
        { enabled: false, title: { en: '' }, text: { en: '' }, imageUrl: null, link: null, everyDays: 7 },
      ],
      ['listBlogPosts', 'GET', '/marketing/blog'],
      ['createBlogPost', 'POST', '/marketing/blog', { title: 'X', bodyHtml: '<p>x</p>' }],
      ['getBlogPost', 'GET', `/marketing/blog/${UNKNOWN}`],
      ['updateBlogPost', 'PUT', `/marketing/blog/${UNKNOWN}`, { title: 'X', bodyHtml: '' }],
      ['setBlogPostStatus', 'PUT', `/marketing/blog/${UNKNOWN}/status`, { status: 'published' }],
      ['deleteBlogPost', 'DELETE', `/marketing/blog/${UNKNOWN}`],
      ['getMarketingSettings', 'GET', '/marketing/settings'],
      ['updateMarketingSettings', 'PUT', '/marketing/settings', { metaTitle: 'X' }],
    ];

    it('answers 401 without a token, 403 to shoppers and to staff without the settings permission', async () => {
      const shopper = await demoShopperToken(t.app);
      const productsOnly = await limitedStaffToken(t.app, t.db, ['products', 'orders']);
      for (const [operationId, method, url, body] of staffCalls) {
        const anonymous = await call(method, url, body, null);
        expect(anonymous.statusCode, `${operationId} anonymous`).toBe(401);
        assertMatchesContract(operationId, anonymous);
        const asShopper = await call(method, url, body, shopper);
        expect(asShopper.statusCode, `${operationId} shopper`).toBe(403);
        const asOther = await call(method, url, body, productsOnly);
        expect(asOther.statusCode, `${operationId} staff without settings`).toBe(403);
        assertMatchesContract(operationId, asOther);
      }
      expect(await banners()).toHaveLength(5);
    });

    it('lets staff with only the settings permission in', async () => {
      for (const url of [
        '/marketing/banners',
        '/marketing/popup',
        '/marketing/blog',
        '/marketing/settings',
      ]) {
        expect((await call('GET', url, undefined, marketer)).statusCode, url).toBe(200);
      }
    });

    it('keeps the storefront reads public, tokens or not', async () => {
      const shopper = await demoShopperToken(t.app);
      for (const token of [null, shopper, admin]) {
        expect((await call('GET', '/storefront/content', undefined, token)).statusCode).toBe(200);
        expect((await call('GET', '/storefront/blog', undefined, token)).statusCode).toBe(200);
      }
    });
  });

  describe('banners', () => {
    it('lists hero slides then promo tiles in order, each with whether it shows now', async () => {
      const response = await call('GET', '/marketing/banners', undefined, marketer);
      assertMatchesContract('listBanners', response);
      const list: Banner[] = response.json().data;
      expect(list.map((banner) => [banner.placement, banner.position, banner.status])).toEqual([
        ['hero', 0, 'live'],
        ['hero', 1, 'live'],
        ['hero', 2, 'live'],
        ['promo', 0, 'live'],
        ['promo', 1, 'live'],
      ]);
    });

    it('adds a banner last in its placement, cleaned, and shows it on the storefront', async () => {
      const created = await createBanner({
        placement: 'promo',
        title: { en: '  Gift cards  ', bn: '', es: 'Tarjetas regalo' },
        text: { en: 'For every occasion.' },
        link: '#/search/Books',
        background: '#fff3bf',
      });
      expect(created).toMatchObject({
        placement: 'promo',
        title: { en: 'Gift cards', es: 'Tarjetas regalo' },
        position: 2,
        status: 'live',
        link: '/search/Books',
        enabled: true,
      });
      expect(created.title).not.toHaveProperty('bn');
      const data = await content();
      expect(data.promo.map((tile: Banner) => tile.title.en)).toEqual([
        'Free Shipping',
        'Easy Returns',
        'Gift cards',
      ]);
      expect(await logged('banner.create', `banner:${created.id}`)).toHaveLength(1);
    });

    it('refuses a banner without an English title, with an odd link, picture, background or schedule', async () => {
      const cases: Array<[object, string, string]> = [
        [{ placement: 'hero', title: { en: '   ' } }, '/title/en', ENGLISH_TITLE_NEEDED],
        [{ placement: 'hero', title: { en: 'X' }, link: 'javascript:alert(1)' }, '/link', LINK_REFUSED],
        [{ placement: 'hero', title: { en: 'X' }, link: '//evil.example/x' }, '/link', LINK_REFUSED],
        [
          { placement: 'hero', title: { en: 'X' }, imageUrl: 'data:image/png;base64,AAAA' },
          '/imageUrl',
          IMAGE_REFUSED,
        ],
        [
          { placement: 'hero', title: { en: 'X' }, background: 'url(https://tracker.example/p.gif)' },
          '/background',
          BACKGROUND_REFUSED,
        ],
        [
          { placement: 'hero', title: { en: 'X' }, background: 'red; position: fixed' },
          '/background',
          BACKGROUND_REFUSED,
        ],
        [
          { placement: 'hero', title: { en: 'X' }, background: 'url(x.png)' },
          '/background',
          BACKGROUND_REFUSED,
        ],
        [
          {
            placement: 'hero',
            title: { en: 'X' },
            startsAt: '2026-12-10T00:00:00.000Z',
            endsAt: '2026-12-01T00:00:00.000Z',
          },
          '/endsAt',
          END_BEFORE_START,
        ],
      ];
      for (const [body, path, message] of cases) {
        const response = await call('POST', '/marketing/banners', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        assertMatchesContract('createBanner', response);
        expect(response.json().errors, JSON.stringify(body)).toEqual([{ path, message }]);
      }
      for (const body of [
        {},
        { placement: 'side', title: { en: 'X' } },
        { placement: 'hero' },
        { placement: 'hero', title: 'X' },
        { placement: 'hero', title: { es: 'X' } },
        { placement: 'hero', title: { en: 'X' }, startsAt: 'tomorrow' },
        { placement: 'hero', title: { en: 'x'.repeat(501) } },
      ]) {
        expect((await call('POST', '/marketing/banners', body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(await banners()).toHaveLength(6);
    });

    it('keeps scheduled, ended and disabled banners off the storefront', async () => {
      const now = Date.now();
      const later = await createBanner({
        placement: 'hero',
        title: { en: 'Starts tomorrow' },
        startsAt: new Date(now + DAY).toISOString(),
      });
      const over = await createBanner({
        placement: 'hero',
        title: { en: 'Ended yesterday' },
        startsAt: new Date(now - 3 * DAY).toISOString(),
        endsAt: new Date(now - DAY).toISOString(),
      });
      const off = await createBanner({ placement: 'hero', title: { en: 'Switched off' }, enabled: false });
      const running = await createBanner({
        placement: 'hero',
        title: { en: 'This week only' },
        startsAt: new Date(now - DAY).toISOString(),
        endsAt: new Date(now + DAY).toISOString(),
      });
      expect([later.status, over.status, off.status, running.status]).toEqual([
        'scheduled',
        'ended',
        'disabled',
        'live',
      ]);
      const shown = (await content()).hero.map((slide: Banner) => slide.title.en);
      expect(shown).toContain('This week only');
      for (const hidden of ['Starts tomorrow', 'Ended yesterday', 'Switched off'])
        expect(shown).not.toContain(hidden);

      for (const banner of [later, over, off, running]) {
        const removed = await call('DELETE', `/marketing/banners/${banner.id}`);
        expect(removed.statusCode).toBe(200);
        assertMatchesContract('deleteBanner', removed);
      }
    });

    it('changes a banner, moving it to the end of another placement; 404 for an unknown one', async () => {
      const banner = await createBanner({ placement: 'hero', title: { en: 'Winter' } });
      const saved = await call('PUT', `/marketing/banners/${banner.id}`, {
        placement: 'promo',
        title: { en: 'Winter sale', hi: 'विंटर सेल' },
        text: { en: 'Coats and boots.' },
        enabled: false,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      assertMatchesContract('updateBanner', saved);
      expect(saved.json().data).toMatchObject({
        placement: 'promo',
        title: { en: 'Winter sale', hi: 'विंटर सेल' },
        position: 3,
        status: 'disabled',
      });
      const [entry] = await logged('banner.update', `banner:${banner.id}`);
      expect(entry?.details).toMatchObject({ before: { placement: 'hero' }, after: { placement: 'promo' } });

      const unknown = await call('PUT', `/marketing/banners/${UNKNOWN}`, {
        placement: 'hero',
        title: { en: 'X' },
      });
      expect(unknown.statusCode).toBe(404);
      assertMatchesContract('updateBanner', unknown);
      expect(unknown.json().message).toBe('Banner not found.');
      const badId = await call('PUT', '/marketing/banners/not-a-uuid', {
        placement: 'hero',
        title: { en: 'X' },
      });
      expect(badId.statusCode).toBe(400);
      const badBody = await call('PUT', `/marketing/banners/${banner.id}`, {
        placement: 'hero',
        title: { en: '' },
      });
      expect(badBody.statusCode).toBe(400);

      expect((await call('DELETE', `/marketing/banners/${banner.id}`)).statusCode).toBe(200);
      expect(await logged('banner.delete', `banner:${banner.id}`)).toHaveLength(1);
      const again = await call('DELETE', `/marketing/banners/${banner.id}`);
      expect(again.statusCode).toBe(404);
      assertMatchesContract('deleteBanner', again);
    });

    it('moves a banner up and down within its placement, and the storefront follows', async () => {
      const heroes = (await banners()).filter((banner) => banner.placement === 'hero');
      const third = heroes[2] as Banner;
      const up = await call('POST', `/marketing/banners/${third.id}/move`, { direction: 'up' });
      expect(up.statusCode, up.body).toBe(200);
      assertMatchesContract('moveBanner', up);
      const order = (list: Banner[]) =>
        list.filter((banner) => banner.placement === 'hero').map((banner) => banner.title.en);
      expect(order(up.json().data)).toEqual([
        'Top picks, delivered worldwide',
        'Deals that ship free',
        'New arrivals every week',
      ]);
      expect((await content()).hero.map((slide: Banner) => slide.title.en)).toEqual(order(up.json().data));
      expect(await logged('banner.move', `banner:${third.id}`)).toHaveLength(1);

      // The first cannot go further up; the promo tiles are not touched.
      const first = heroes[0] as Banner;
      const stay = await call('POST', `/marketing/banners/${first.id}/move`, { direction: 'up' });
      expect(order(stay.json().data)[0]).toBe('Top picks, delivered worldwide');
      const down = await call('POST', `/marketing/banners/${third.id}/move`, { direction: 'down' });
      expect(order(down.json().data)).toEqual(heroes.map((banner) => banner.title.en));
      expect(
        down
          .json()
          .data.filter((b: Banner) => b.placement === 'promo')
          .map((b: Banner) => b.position),
      ).toEqual([0, 1, 2]);

      expect((await call('POST', `/marketing/banners/${UNKNOWN}/move`, { direction: 'up' })).statusCode).toBe(
        404,
      );
      expect(
        (await call('POST', `/marketing/banners/${third.id}/move`, { direction: 'left' })).statusCode,
      ).toBe(400);
    });
  });

  describe('pictures from the media library', () => {
    const picture = () =>
      sharp({ create: { width: 64, height: 32, channels: 3, background: { r: 20, g: 90, b: 160 } } })
        .png()
        .toBuffer();
    const upload = async (url: string) => {
      const { payload, headers } = multipartForm({
        name: 'summer.png',
        type: 'image/png',
        bytes: await picture(),
      });
      return t.app.inject({
        method: 'POST',
        url: `/api${url}`,
        payload,
        headers: { ...headers, ...bearer(admin) },
      });
    };

    it('keeps a picture a banner uses, and moves the banner to a replaced picture', async () => {
      const folders = (await call('GET', '/media/folders')).json().data as Array<{
        id: string;
        name: string;
      }>;
      const marketing = folders.find((folder) => folder.name === 'Marketing');
      const uploaded = await upload(`/media/files?folder=${marketing?.id}`);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const file = uploaded.json().data as { id: string; url: string };
      const banner = await createBanner({
        placement: 'promo',
        title: { en: 'Picture tile' },
        imageUrl: file.url,
      });

      const refused = await call('DELETE', `/media/files/${file.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('The file is used by: Banner: Picture tile.');

      const replaced = await upload(`/media/files/${file.id}/replace`);
      expect(replaced.statusCode, replaced.body).toBe(200);
      const newUrl = replaced.json().data.url as string;
      expect(newUrl).not.toBe(file.url);
      const shown = (await content()).promo.find((tile: Banner) => tile.id === banner.id);
      expect(shown.imageUrl).toBe(newUrl);

      expect((await call('DELETE', `/marketing/banners/${banner.id}`)).statusCode).toBe(200);
      expect((await call('DELETE', `/media/files/${file.id}`)).statusCode).toBe(200);
    });
  });

  describe('the popup', () => {
    const popup = {
      enabled: true,
      title: { en: '10% off your first order', es: '10 % de descuento en tu primer pedido' },
      text: { en: 'Use the code WELCOME10 at checkout.' },
      imageUrl: 'https://cdn.example.com/welcome.png',
      link: '/register',
      everyDays: 3,
    };

    it('starts off, and shows on the storefront once switched on', async () => {
      const first = await call('GET', '/marketing/popup', undefined, marketer);
      assertMatchesContract('getStorefrontPopup', first);
      expect(first.json().data).toMatchObject({ enabled: false, everyDays: 7 });

      const saved = await call('PUT', '/marketing/popup', popup, marketer);
      expect(saved.statusCode, saved.body).toBe(200);
      assertMatchesContract('updateStorefrontPopup', saved);
      expect((await content()).popup).toEqual({
        title: popup.title,
        text: popup.text,
        imageUrl: popup.imageUrl,
        link: '/register',
        everyDays: 3,
      });
      const [entry] = await logged('popup.update', 'popup:storefront');
      expect(entry?.details).toMatchObject({ before: { enabled: false }, after: { enabled: true } });

      expect((await call('PUT', '/marketing/popup', { ...popup, enabled: false })).statusCode).toBe(200);
      expect((await content()).popup).toBeNull();
    });

    it('refuses an enabled popup without an English title, odd links and pictures, and odd intervals', async () => {
      const refused = await call('PUT', '/marketing/popup', { ...popup, title: { en: ' ' } });
      expect(refused.statusCode).toBe(400);
      assertMatchesContract('updateStorefrontPopup', refused);
      expect(refused.json().errors).toEqual([{ path: '/title/en', message: ENGLISH_TITLE_NEEDED }]);
      const bad = await call('PUT', '/marketing/popup', {
        ...popup,
        link: 'javascript:void(0)',
        imageUrl: 'ftp://x.example/a.png',
      });
      expect(bad.json().errors).toEqual([
        { path: '/imageUrl', message: IMAGE_REFUSED },
        { path: '/link', message: LINK_REFUSED },
      ]);
      for (const everyDays of [0, 366, 1.5]) {
        expect(
          (await call('PUT', '/marketing/popup', { ...popup, everyDays })).statusCode,
          `${everyDays}`,
        ).toBe(400);
      }
      const { everyDays: _left, ...partial } = popup;
      expect((await call('PUT', '/marketing/popup', partial)).statusCode).toBe(400);
      // A popup kept off may be saved half-written.
      expect(
        (await call('PUT', '/marketing/popup', { ...popup, enabled: false, title: { en: '' } })).statusCode,
      ).toBe(200);
    });
  });

  describe('meta tag defaults and analytics identifiers', () => {
    it('saves only the fields sent, and the storefront reads them', async () => {
      const [before] = await t.db.select().from(storeSettings);
      const saved = await call(
        'PUT',
        '/marketing/settings',
        { metaTitle: '  Shop — the world, delivered ', metaDescription: 'Products from 40+ countries.' },
        marketer,
      );
      expect(saved.statusCode, saved.body).toBe(200);
      assertMatchesContract('updateMarketingSettings', saved);
      expect(saved.json().data).toEqual({
        metaTitle: 'Shop — the world, delivered',
        metaDescription: 'Products from 40+ countries.',
        analyticsGa4Id: null,
        analyticsMetaPixelId: null,
      });
      const analytics = await call('PUT', '/marketing/settings', {
        analyticsGa4Id: 'G-ABC123XYZ9',
        analyticsMetaPixelId: '123456789012345',
      });
      expect(analytics.json().data.metaTitle).toBe('Shop — the world, delivered');
      const data = await content();
      expect(data.meta).toEqual({
        title: 'Shop — the world, delivered',
        description: 'Products from 40+ countries.',
      });
      expect(data.analytics).toEqual({ ga4Id: 'G-ABC123XYZ9', metaPixelId: '123456789012345' });
      // The other settings in the same row stay as they were.
      const [after] = await t.db.select().from(storeSettings);
      expect(after?.taxBasisPoints).toBe(before?.taxBasisPoints);
      expect(after?.storeName).toBe(before?.storeName);
      expect(await logged('marketing.settings.update', 'settings:marketing')).toHaveLength(2);

      const read = await call('GET', '/marketing/settings');
      assertMatchesContract('getMarketingSettings', read);
      expect(read.json().data.analyticsGa4Id).toBe('G-ABC123XYZ9');

      const cleared = await call('PUT', '/marketing/settings', {
        analyticsMetaPixelId: '',
        metaDescription: ' ',
      });
      expect(cleared.json().data).toMatchObject({ analyticsMetaPixelId: null, metaDescription: null });
    });

    it('takes known analytics identifiers only, never script', async () => {
      for (const analyticsGa4Id of [
        'UA-12345-1',
        'g-abc123',
        'G-ABC',
        'G-ABCDEFGHIJKLM',
        'GTM-ABC123',
        '<script>alert(1)</script>',
        "G-ABC123'); alert(1); //",
      ]) {
        const response = await call('PUT', '/marketing/settings', { analyticsGa4Id });
        expect(response.statusCode, analyticsGa4Id).toBe(400);
        assertMatchesContract('updateMarketingSettings', response);
      }
      for (const analyticsMetaPixelId of [
        '12345678901234',
        '12345678901234567',
        '12345678901234a',
        ' 123456789012345',
      ]) {
        expect(
          (await call('PUT', '/marketing/settings', { analyticsMetaPixelId })).statusCode,
          analyticsMetaPixelId,
        ).toBe(400);
      }
      for (const analyticsMetaPixelId of ['123456789012345', '1234567890123456']) {
        expect((await call('PUT', '/marketing/settings', { analyticsMetaPixelId })).statusCode).toBe(200);
      }
      expect((await call('PUT', '/marketing/settings', { analyticsGa4Id: 'G-1234' })).statusCode).toBe(200);
      expect((await call('PUT', '/marketing/settings', { metaTitle: 'x'.repeat(201) })).statusCode).toBe(400);
    });
  });
});
