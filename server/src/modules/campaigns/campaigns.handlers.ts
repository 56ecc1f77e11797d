import type { components } from '@shop/sdk/types';
import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound, validationError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { decimalTextToMinor, toAmount } from '../../money/money.ts';
import { staffActivity, toActivityLog, withActivity } from '../activity/index.ts';
import { CATEGORY_FILTERS } from '../products/index.ts';
import { codeTaken } from './campaigns.messages.ts';
import {
  addCoupon,
  type CampaignDetails,
  deleteCampaign,
  deleteCoupon,
  endCampaign,
  findCampaign,
  insertCampaign,
  listCampaignLog,
  listCampaigns,
  unknownProducts,
  updateCampaign,
} from './campaigns.repository.ts';
import {
  type CampaignRow,
  CODE_FORMAT,
  COUPON_CODE,
  campaignStatus,
  campaignValues,
  generateCode,
  normaliseCode,
  rulesDescription,
} from './campaigns.rules.ts';

type Campaign = components['schemas']['Campaign'];
type CampaignCategory = components['schemas']['CampaignCategory'];
type CampaignInput = components['schemas']['CampaignInput'];

export const CAMPAIGN_NOT_FOUND = 'Campaign not found.';
export const COUPON_NOT_FOUND = 'Coupon code not found.';
export const CAMPAIGN_USED =
  'Orders have used this campaign’s codes, so it cannot be deleted: end it instead to keep its results.';
export const COUPON_USED =
  'Orders have used this code, so it cannot be removed: end the campaign instead to keep its results.';
export const ALREADY_ENDED = 'This campaign has already ended.';
export const UNKNOWN_PRODUCT = 'No product has this id.';

/** How the activity log names the campaign an entry is about. */
const campaignTarget = (id: string) => `campaign:${id}`;

const isCategory = (value: string): value is CampaignCategory =>
  (CATEGORY_FILTERS as readonly string[]).includes(value);

export function toCampaign(details: CampaignDetails, now: Date): Campaign {
  const { campaign, results } = details;
  return {
    _id: campaign.id,
    name: campaign.name,
    type: campaign.type,
    status: campaignStatus(campaign, now),
    startsAt: campaign.startsAt.toISOString(),
    endsAt: campaign.endsAt.toISOString(),
    rules: rulesDescription(campaign, details.storeName),
    value: toAmount(decimalTextToMinor(campaign.value) ?? 0),
    minOrder: toAmount(campaign.minOrderUsdMinor),
    products: details.products.map((product) => ({ _id: product.id, name: product.title })),
    categories: campaign.categories.filter(isCategory),
    usageLimitTotal: campaign.usageLimitTotal,
    usageLimitPerShopper: campaign.usageLimitPerShopper,
    storeId: campaign.storeId,
    coupons: details.coupons.map((coupon) => ({
      _id: coupon.id,
      code: coupon.code,
      redemptions: coupon.redemptions,
      createdAt: coupon.createdAt.toISOString(),
    })),
    results: {
      orders: results.orders,
      discount: toAmount(results.discountUsdMinor),
      revenue: toAmount(results.revenueUsdMinor),
      currency: 'USD',
    },
    createdBy: campaign.createdBy,
    createdAt: campaign.createdAt.toISOString(),
  };
}

/** What the activity log keeps of a campaign's settings, readable in its summary. */
function logged(row: CampaignRow) {
  return {
    name: row.name,
    type: row.type,
    value: row.value,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    minOrderUsd: toAmount(row.minOrderUsdMinor),
    products: row.productIds.length,
    categories: row.categories,
    usageLimitTotal: row.usageLimitTotal,
    usageLimitPerShopper: row.usageLimitPerShopper,
  };
}

/** Campaigns & Discounts: campaigns, their coupon codes, their results and the campaign log. */
export function createCampaignHandlers(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function existing(id: string): Promise<CampaignDetails> {
    const found = await findCampaign(db, id);
    if (!found) throw notFound(CAMPAIGN_NOT_FOUND);
    return found;
  }

  /** The form's values, checked: field errors for what the contract cannot say, and products that do not exist. */
  async function checkedValues(body: CampaignInput) {
    const { errors, values } = campaignValues(body);
    if (values === null) throw validationError(errors, errors[0]?.message);
    const unknown = await unknownProducts(db, values.productIds);
    if (unknown.length > 0) {
      throw validationError(
        unknown.map((id) => ({
          path: `/productIds/${values.productIds.indexOf(id)}`,
          message: UNKNOWN_PRODUCT,
        })),
        'A chosen product is no longer in the catalogue.',
      );
    }
    return values;
  }

  return {
    listCampaigns: operation('listCampaigns', async (request) => {
      const { page = 1, limit = 10, q, status } = request.query;
      const at = now();
      const { rows, total } = await listCampaigns(db, { q, status }, { page, limit }, at);
      return {
        success: true,
        data: rows.map((row) => toCampaign(row, at)),
        meta: { page, limit, total },
      };
    }),

    createCampaign: operation('createCampaign', async (request, reply) => {
      const staff = requireStaff(request);
      const values = await checkedValues(request.body);
      const row = await withActivity(
        db,
        (tx) => insertCampaign(tx, { ...values, createdBy: staff.name }),
        (created) =>
          staffActivity(request, staff, {
            action: 'campaign.create',
            target: campaignTarget(created.id),
            details: { name: created.name, type: created.type, rules: rulesDescription(created) },
          }),
      );
      void reply.code(201);
      return {
        success: true,
        message: `${row.name} created.`,
        data: toCampaign(await existing(row.id), now()),
      };
    }),

    updateCampaign: operation('updateCampaign', async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      const values = await checkedValues(request.body);
      await withActivity(
        db,
        async (tx) => {
          const saved = await updateCampaign(tx, id, values, now());
          if (!saved) throw notFound(CAMPAIGN_NOT_FOUND);
          return saved;
        },
        (saved) =>
          staffActivity(request, staff, {
            action: 'campaign.update',
            target: campaignTarget(id),
            details: { campaign: saved.after.name, before: logged(saved.before), after: logged(saved.after) },
          }),
      );
      return { success: true, message: 'Campaign saved.', data: toCampaign(await existing(id), now()) };
    }),

    endCampaign: operation('endCampaign', async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      const ended = await withActivity(
        db,
        async (tx) => {
          const result = await endCampaign(tx, id, now());
          if (result === null) throw notFound(CAMPAIGN_NOT_FOUND);
          if (result === 'ended') throw conflict(ALREADY_ENDED);
          return result;
        },
        (result) =>
          staffActivity(request, staff, {
            action: 'campaign.end',
            target: campaignTarget(id),
            details: {
              campaign: result.after.name,
              before: { endsAt: result.before.endsAt.toISOString() },
              after: { endsAt: result.after.endsAt.toISOString() },
            },
          }),
      );
      return {
        success: true,
        message: `${ended.after.name} has ended: its codes no longer apply.`,
        data: toCampaign(await existing(id), now()),
      };
    }),

    deleteCampaign: operation('deleteCampaign', async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      const { campaign } = await existing(id);
      await withActivity(
        db,
        async (tx) => {
          const outcome = await deleteCampaign(tx, id);
          if (outcome === 'not_found') throw notFound(CAMPAIGN_NOT_FOUND);
          if (outcome === 'used') throw conflict(CAMPAIGN_USED);
        },
        staffActivity(request, staff, {
          action: 'campaign.delete',
          target: campaignTarget(id),
          details: { campaign: campaign.name },
        }),
      );
      return { success: true, message: `${campaign.name} deleted.` };
    }),

    addCampaignCoupon: operation('addCampaignCoupon', async (request, reply) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      const { campaign } = await existing(id);
      const asked = request.body.code === undefined ? null : normaliseCode(request.body.code);
      if (asked !== null && !COUPON_CODE.test(asked)) {
        throw validationError([{ path: '/code', message: CODE_FORMAT }], CODE_FORMAT);
      }
      const code = await withActivity(
        db,
        async (tx) => {
          let code = asked ?? generateCode();
          // A made-up code that happens to be taken is made up again; a code staff chose is refused.
          let outcome = await addCoupon(tx, id, code);
          for (let attempt = 0; outcome === 'taken' && asked === null && attempt < 5; attempt += 1) {
            code = generateCode();
            outcome = await addCoupon(tx, id, code);
          }
          if (outcome === 'taken') throw conflict(codeTaken(code));
          return code;
        },
        (added) =>
          staffActivity(request, staff, {
            action: 'campaign.coupon.add',
            target: campaignTarget(id),
            details: { campaign: campaign.name, code: added },
          }),
      );
      void reply.code(201);
      return { success: true, message: `Code ${code} added.`, data: toCampaign(await existing(id), now()) };
    }),

    deleteCampaignCoupon: operation('deleteCampaignCoupon', async (request) => {
      const staff = requireStaff(request);
      const { id, couponId } = request.params;
      const { campaign } = await existing(id);
      const removed = await withActivity(
        db,
        async (tx) => {
          const result = await deleteCoupon(tx, id, couponId);
          if (result === null) throw notFound(COUPON_NOT_FOUND);
          if (result.outcome === 'used') throw conflict(COUPON_USED);
          return result;
        },
        (result) =>
          staffActivity(request, staff, {
            action: 'campaign.coupon.delete',
            target: campaignTarget(id),
            details: { campaign: campaign.name, code: result.code },
          }),
      );
      return {
        success: true,
        message: `Code ${removed.code} removed.`,
        data: toCampaign(await existing(id), now()),
      };
    }),

    listCampaignLog: operation('listCampaignLog', async (request) => {
      const { page = 1, limit = 3 } = request.query;
      const { rows, total } = await listCampaignLog(db, { page, limit });
      return { success: true, data: rows.map(toActivityLog), meta: { page, limit, total } };
    }),
  };
}
