import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import type { RequestBody } from '../../http/contract-types.ts';
import { notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { loadRates } from '../../money/money.ts';
import {
  freeShippingAbove,
  publicTaxRules,
  readStoreSettings,
  type StoreSettingsRow,
  writeStoreSettings,
} from '../settings/index.ts';
import { createBlogHandlers } from './marketing.blog.handlers.ts';
import {
  type BannerRow,
  type BannerValues,
  deleteBannerRow,
  insertBanner,
  listBannerRows,
  liveBannerRows,
  moveBannerRow,
  type PopupRow,
  readPopup,
  updateBannerRow,
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
  iso,
  loggedChange,
  type Problems,
  throwIfAny,
} from './marketing.rules.ts';

export const BANNER_NOT_FOUND = 'Banner not found.';

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
  const logged = loggedChange(db);

  const allBanners = async () => {
    const now = new Date();
    return (await listBannerRows(db)).map((row) => bannerView(row, now));
  };

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
    ...createBlogHandlers(deps),
  };
}
