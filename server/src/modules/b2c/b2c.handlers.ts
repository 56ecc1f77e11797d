import type { components } from '@shop/sdk/types';
import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { isUuid } from '../../lib/ids.ts';
import { toAmount } from '../../money/money.ts';
import { staffActivity } from '../activity/index.ts';
import { updateShopper, userTarget } from '../users/index.ts';
import { findShopperRow, isGuest, listShoppers, type ShopperRow, shopperStats } from './b2c.repository.ts';

type Shopper = components['schemas']['Shopper'];

export const SHOPPER_NOT_FOUND = 'Shopper not found.';
export const GUEST_STATUS_FIXED =
  'A guest has no account, so there is no status to change. Invite them to open an account instead.';

export function toShopper(row: ShopperRow): Shopper {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    orders: row.orders,
    totalSpent: toAmount(row.spentMinor),
    lastOrder: row.lastOrder?.toISOString() ?? null,
    joined: row.joined?.toISOString() ?? null,
    invited: row.invited,
  };
}

/** B2C Management: the store's shoppers (accounts and guests) and their account status. */
export function createB2cHandlers(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    listShoppers: operation('listShoppers', async (request) => {
      const { page = 1, limit = 20, q, status } = request.query;
      // Without a search, the cards' count of the status (or of everyone) is the list's total: one count of
      // every shopper instead of two.
      const searched = Boolean(q?.trim());
      const [{ rows, total, capped }, stats] = await Promise.all([
        listShoppers(db, { q, status }, { offset: (page - 1) * limit, limit }, { counted: searched }),
        shopperStats(db, now()),
      ]);
      const { b2cRevenueMinor, ...counts } = stats;
      const byStatus = { active: counts.active, suspended: counts.suspended, guest: counts.guests };
      return {
        success: true,
        data: rows.map(toShopper),
        meta: { page, limit, total: total ?? (status ? byStatus[status] : counts.shoppers), capped },
        stats: { ...counts, b2cRevenue: toAmount(b2cRevenueMinor), currency: 'USD' as const },
      };
    }),

    setShopperStatus: operation('setShopperStatus', async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      // An account's row is named by its uuid; a guest's by the email its orders were placed under.
      if (!isUuid(id)) {
        if (await isGuest(db, id)) throw conflict(GUEST_STATUS_FIXED);
        throw notFound(SHOPPER_NOT_FOUND);
      }
      const { status } = request.body;
      // The users module's edit: suspending bumps the token version (every token ends) and logs before/after.
      const updated = await updateShopper(
        db,
        id,
        { status: status === 'active' ? 'Active' : 'Inactive' },
        staffActivity(request, staff, {
          action: status === 'active' ? 'shopper.activate' : 'shopper.suspend',
          target: userTarget(id),
        }),
      );
      const row = updated ? await findShopperRow(db, id) : null;
      if (!row) throw notFound(SHOPPER_NOT_FOUND);
      return {
        success: true,
        message: status === 'active' ? `${row.name} is active.` : `${row.name} is suspended.`,
        data: toShopper(row),
      };
    }),
  };
}
