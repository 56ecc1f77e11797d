import { CURRENCIES, LANGUAGE_CODES, SHIP_TO_COUNTRIES, THEMES } from '@shop/sdk/choices';
import type { components } from '@shop/sdk/types';
import { and, count, eq, notInArray } from 'drizzle-orm';
import { requireCustomer } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { customers, orders, wishlistEntries } from '../../db/schema.ts';
import { unauthorized } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';

type AccountSettings = components['schemas']['AccountSettings'];

/** Spec 3 §9 defaults; notifications on until the shopper turns them off. */
export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  shipToCountry: 'BD',
  currency: 'USD',
  language: 'en',
  theme: 'light',
  notifications: { orderUpdates: true, promotions: true },
};

/** The stored settings over the defaults; a stored value the contract no longer allows falls back on its own. */
function settingsOf(stored: Record<string, unknown>, allowed: AllowedValues): AccountSettings {
  const pick = <K extends keyof AllowedValues>(key: K) =>
    (allowed[key] as readonly unknown[]).includes(stored[key])
      ? (stored[key] as AccountSettings[K])
      : DEFAULT_ACCOUNT_SETTINGS[key];
  const notifications = (typeof stored.notifications === 'object' && stored.notifications) || {};
  const flag = (key: keyof AccountSettings['notifications']) => {
    const value = (notifications as Record<string, unknown>)[key];
    return typeof value === 'boolean' ? value : DEFAULT_ACCOUNT_SETTINGS.notifications[key];
  };
  return {
    shipToCountry: pick('shipToCountry'),
    currency: pick('currency'),
    language: pick('language'),
    theme: pick('theme'),
    notifications: { orderUpdates: flag('orderUpdates'), promotions: flag('promotions') },
  };
}

type AllowedValues = {
  [K in 'shipToCountry' | 'currency' | 'language' | 'theme']: readonly AccountSettings[K][];
};

/** Orders neither delivered nor ended count as waiting for delivery. */
const NOT_PENDING = ['Delivered', 'Completed', 'Cancelled', 'Failed'] as const;

// The contract's choices (spec 3 §9); the request validation holds new values to them, these hold stored ones.
const ALLOWED: AllowedValues = {
  shipToCountry: SHIP_TO_COUNTRIES,
  currency: CURRENCIES,
  language: LANGUAGE_CODES,
  theme: THEMES,
};

export function createAccountHandlers(deps: { db: Database }) {
  const { db } = deps;
  const allowed = ALLOWED;

  async function storedSettings(customerId: string): Promise<Record<string, unknown>> {
    const [row] = await db
      .select({ settings: customers.settings })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!row) throw unauthorized();
    return row.settings;
  }

  return {
    getAccountOverview: operation('getAccountOverview', async (request) => {
      const customer = requireCustomer(request);
      const [[all], [pending], [wished]] = await Promise.all([
        db.select({ n: count() }).from(orders).where(eq(orders.customerId, customer.id)),
        db
          .select({ n: count() })
          .from(orders)
          .where(and(eq(orders.customerId, customer.id), notInArray(orders.status, [...NOT_PENDING]))),
        db.select({ n: count() }).from(wishlistEntries).where(eq(wishlistEntries.customerId, customer.id)),
      ]);
      return {
        success: true,
        data: { totalOrders: all?.n ?? 0, pendingDelivery: pending?.n ?? 0, wishlistItems: wished?.n ?? 0 },
      };
    }),

    getAccountSettings: operation('getAccountSettings', async (request) => {
      const customer = requireCustomer(request);
      return { success: true, data: settingsOf(await storedSettings(customer.id), allowed) };
    }),

    updateAccountSettings: operation('updateAccountSettings', async (request) => {
      const customer = requireCustomer(request);
      const current = settingsOf(await storedSettings(customer.id), allowed);
      const { notifications, ...choices } = request.body;
      const next: AccountSettings = {
        ...current,
        ...Object.fromEntries(Object.entries(choices).filter(([, value]) => value !== undefined)),
        notifications: { ...current.notifications, ...notifications },
      };
      await db
        .update(customers)
        .set({ settings: next, updatedAt: new Date() })
        .where(eq(customers.id, customer.id));
      return { success: true, message: 'Settings saved.', data: next };
    }),
  };
}
