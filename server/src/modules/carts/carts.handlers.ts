import type { components } from '@shop/sdk/types';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { requireCustomer, requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { staffActivity, withActivity } from '../activity/index.ts';
import type { CartLinks } from './carts.links.ts';
import {
  allowedLines,
  type CartLineInput,
  keptLines,
  markRestored,
  readCart,
  writeCart,
} from './carts.repository.ts';
import {
  isStoreCoupon,
  readRecoverySettings,
  storeCoupons,
  writeRecoverySettings,
} from './carts.settings.ts';
import { priceCartLines, toServerCart } from './carts.view.ts';

type CartLinesRequest = components['schemas']['CartLinesRequest'];

export const LINK_NOT_VALID = 'This link is not valid or has expired.';
export const UNSUBSCRIBED = 'You will no longer get cart reminders.';
export const COUPON_NOT_FOUND = 'Choose one of the store’s coupons.';

const inputLines = (body: CartLinesRequest): CartLineInput[] =>
  body.items.map((item) => ({
    productId: item.product,
    skuId: item.sku_id,
    quantity: item.quantity,
    service: item.logistics_service_name ?? null,
  }));

/** The shopper's cart priced in `currency`; 422 when prices cannot be shown in it right now. */
async function answerCart(db: Database, customerId: string, currency: string) {
  const { lines, updatedAt } = await readCart(db, customerId);
  const priced = await priceCartLines(db, customerId, lines, currency);
  if (priced === null) throw unprocessable(`Prices cannot be shown in ${currency} right now.`);
  return toServerCart(priced, currency, updatedAt);
}

/** A live account's id: a closed one's links stop working. */
async function liveCustomer(db: Database, id: string | null): Promise<string> {
  if (!id) throw notFound(LINK_NOT_VALID);
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  if (!row) throw notFound(LINK_NOT_VALID);
  return row.id;
}

export function createCartHandlers(deps: { db: Database; links: CartLinks }) {
  const { db, links } = deps;

  const settingsView = async () => ({ ...(await readRecoverySettings(db)), coupons: await storeCoupons(db) });

  return {
    getCart: operation('getCart', async (request) => {
      const customer = requireCustomer(request);
      return { success: true, data: await answerCart(db, customer.id, request.query.currency ?? 'USD') };
    }),

    replaceCart: operation('replaceCart', async (request) => {
      const customer = requireCustomer(request);
      await writeCart(db, customer.id, await allowedLines(db, inputLines(request.body)));
      return { success: true, data: await answerCart(db, customer.id, request.query.currency ?? 'USD') };
    }),

    mergeCart: operation('mergeCart', async (request) => {
      const customer = requireCustomer(request);
      // The device's lines come last, so its delivery choice wins where both name one.
      const merged = await allowedLines(db, [
        ...(await keptLines(db, customer.id)),
        ...inputLines(request.body),
      ]);
      await writeCart(db, customer.id, merged);
      return { success: true, data: await answerCart(db, customer.id, request.query.currency ?? 'USD') };
    }),

    recoverCart: operation('recoverCart', async (request) => {
      const customerId = await liveCustomer(db, links.open(request.body.token, 'recover'));
      await markRestored(db, customerId);
      return { success: true, data: await answerCart(db, customerId, request.query.currency ?? 'USD') };
    }),

    unsubscribeCartReminders: operation('unsubscribeCartReminders', async (request) => {
      const customerId = await liveCustomer(db, links.open(request.body.token, 'unsubscribe'));
      await db
        .update(customers)
        .set({ cartRemindersOffAt: sql`coalesce(${customers.cartRemindersOffAt}, now())` })
        .where(eq(customers.id, customerId));
      return { success: true, message: UNSUBSCRIBED, data: { unsubscribed: true as const } };
    }),

    getCartRecoverySettings: operation('getCartRecoverySettings', async (request) => {
      requireStaff(request);
      return { success: true, data: await settingsView() };
    }),

    updateCartRecoverySettings: operation('updateCartRecoverySettings', async (request) => {
      const staff = requireStaff(request);
      const { enabled, couponId } = request.body;
      if (couponId && !(await isStoreCoupon(db, couponId))) throw unprocessable(COUPON_NOT_FOUND);
      const changes = {
        ...(enabled === undefined ? {} : { enabled }),
        ...(couponId === undefined ? {} : { couponId }),
      };
      const before = await readRecoverySettings(db);
      await withActivity(
        db,
        async (tx) => writeRecoverySettings(tx, changes),
        staffActivity(request, staff, {
          action: 'carts.recovery_settings.update',
          target: 'settings:cart-recovery',
          details: { before: { enabled: before.enabled, couponId: before.couponId }, after: changes },
        }),
      );
      return { success: true, message: 'Settings saved.', data: await settingsView() };
    }),
  };
}
