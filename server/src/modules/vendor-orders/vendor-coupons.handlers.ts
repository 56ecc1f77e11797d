import type { components } from '@shop/sdk/types';
import { requireVendor } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { conflict, type FieldError, notFound, validationError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { decimalTextToMinor, toAmount } from '../../money/money.ts';
import {
  type CampaignDetails,
  type CampaignValues,
  CODE_FORMAT,
  COUPON_CODE,
  campaignStatus,
  campaignValues,
  codeTaken,
  deleteCampaign,
  findCampaign,
  insertStoreCoupon,
  listCampaigns,
  normaliseCode,
  updateStoreCoupon,
} from '../campaigns/index.ts';

// A vendor's coupon is a campaign of the store's one campaign engine, scoped to the vendor's store
// (campaigns.store_id) with a single code: checkout applies it to that store's lines only.

type VendorCoupon = components['schemas']['VendorCoupon'];
type VendorCouponInput = components['schemas']['VendorCouponInput'];

export const VENDOR_COUPON_NOT_FOUND = 'Coupon not found.';
export const CODE_LOCKED = 'Orders have used this code, so the code can no longer change.';
export const COUPON_IN_USE =
  'Orders have used this coupon, so it cannot be deleted: move its end date to stop it instead.';

export function toVendorCoupon({ campaign, coupons, results }: CampaignDetails, now: Date): VendorCoupon {
  return {
    _id: campaign.id,
    code: coupons[0]?.code ?? '',
    type: campaign.type,
    value: toAmount(decimalTextToMinor(campaign.value) ?? 0),
    startsAt: campaign.startsAt.toISOString(),
    endsAt: campaign.endsAt.toISOString(),
    usageLimit: campaign.usageLimitTotal,
    minOrder: toAmount(campaign.minOrderUsdMinor),
    currency: 'USD',
    status: campaignStatus(campaign, now),
    uses: results.orders,
    createdAt: campaign.createdAt.toISOString(),
  };
}

/**
 * The form's values checked by the campaign rules (dates, amounts) and the coupon code's format; every failure
 * is a field error. The coupon is named by its code, which is how staff see it among the campaigns.
 */
function checked(body: VendorCouponInput): { code: string; values: CampaignValues } {
  const code = normaliseCode(body.code);
  const codeErrors: FieldError[] = COUPON_CODE.test(code) ? [] : [{ path: '/code', message: CODE_FORMAT }];
  const { errors, values } = campaignValues({
    name: code || body.code,
    type: body.type,
    value: body.value,
    startsAt: body.startsAt,
    endsAt: body.endsAt,
    minOrder: body.minOrder ?? 0,
    usageLimitTotal: body.usageLimit ?? null,
    usageLimitPerShopper: null,
    productIds: [],
    categories: [],
  });
  const all = [...codeErrors, ...errors];
  if (values === null || all.length > 0) throw validationError(all, all[0]?.message);
  return { code, values };
}

export function createVendorCouponHandlers(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function existing(storeId: string, id: string): Promise<CampaignDetails> {
    const found = await findCampaign(db, id, storeId);
    if (!found) throw notFound(VENDOR_COUPON_NOT_FOUND);
    return found;
  }

  /** A code another request took between the check and the write still answers 409, never 500. */
  function codeRace(error: unknown, code: string): never {
    if (uniqueViolation(error) === 'coupons_code_unique') throw conflict(codeTaken(code));
    throw error;
  }

  return {
    listVendorCoupons: operation('listVendorCoupons', async (request) => {
      const vendor = requireVendor(request);
      const { page = 1, limit = 10, q, status } = request.query;
      const at = now();
      const { rows, total } = await listCampaigns(db, { q, status, storeId: vendor.id }, { page, limit }, at);
      return {
        success: true,
        data: rows.map((row) => toVendorCoupon(row, at)),
        meta: { page, limit, total },
      };
    }),

    createVendorCoupon: operation('createVendorCoupon', async (request, reply) => {
      const vendor = requireVendor(request);
      const { code, values } = checked(request.body);
      const row = await insertStoreCoupon(db, {
        storeId: vendor.id,
        code,
        values,
        createdBy: vendor.name,
      }).catch((error: unknown) => codeRace(error, code));
      if (row === 'taken') throw conflict(codeTaken(code));
      void reply.code(201);
      return {
        success: true,
        message: `Coupon ${code} created.`,
        data: toVendorCoupon(await existing(vendor.id, row.id), now()),
      };
    }),

    updateVendorCoupon: operation('updateVendorCoupon', async (request) => {
      const vendor = requireVendor(request);
      const { id } = request.params;
      const { code, values } = checked(request.body);
      const saved = await updateStoreCoupon(db, { id, storeId: vendor.id, code, values, now: now() }).catch(
        (error: unknown) => codeRace(error, code),
      );
      if (saved === null) throw notFound(VENDOR_COUPON_NOT_FOUND);
      if (saved === 'taken') throw conflict(codeTaken(code));
      if (saved === 'used') throw conflict(CODE_LOCKED);
      return {
        success: true,
        message: `Coupon ${code} saved.`,
        data: toVendorCoupon(await existing(vendor.id, id), now()),
      };
    }),

    deleteVendorCoupon: operation('deleteVendorCoupon', async (request) => {
      const vendor = requireVendor(request);
      const { id } = request.params;
      const { coupons } = await existing(vendor.id, id);
      const outcome = await deleteCampaign(db, id, vendor.id);
      if (outcome === 'not_found') throw notFound(VENDOR_COUPON_NOT_FOUND);
      if (outcome === 'used') throw conflict(COUPON_IN_USE);
      const code = coupons[0]?.code;
      return { success: true, message: code ? `Coupon ${code} deleted.` : 'Coupon deleted.' };
    }),
  };
}
