import type { MantineColorSchemeManager } from '@mantine/core';
import * as z from 'zod/mini';
import { createPersistedStore, usePersistedStore } from '../../lib/persisted-store';
import { SETTINGS_KEY } from '../../lib/storage-keys';
import {
  CURRENCIES,
  type Currency,
  LANGUAGE_CODES,
  type Language,
  SHIP_TO_COUNTRIES,
  type ShipToCountry,
  THEMES,
  type Theme,
} from './settings-options';

export type StoreSettings = {
  shipToCountry: ShipToCountry;
  currency: Currency;
  language: Language;
  theme: Theme;
};

/** Spec §9 defaults: ship to BD, English, light; the store prices in USD. */
export const DEFAULT_SETTINGS: StoreSettings = {
  shipToCountry: 'BD',
  currency: 'USD',
  language: 'en',
  theme: 'light',
};

// Each field falls back on its own, so one bad stored value never resets the others.
const settingsSchema = z.object({
  shipToCountry: z.catch(z.enum(SHIP_TO_COUNTRIES), DEFAULT_SETTINGS.shipToCountry),
  currency: z.catch(z.enum(CURRENCIES), DEFAULT_SETTINGS.currency),
  language: z.catch(z.enum(LANGUAGE_CODES), DEFAULT_SETTINGS.language),
  theme: z.catch(z.enum(THEMES), DEFAULT_SETTINGS.theme),
}) satisfies z.ZodMiniType<StoreSettings>;

export const settingsStore = createPersistedStore<StoreSettings>(
  SETTINGS_KEY,
  settingsSchema,
  DEFAULT_SETTINGS,
);

export function useStoreSettings(): StoreSettings {
  return usePersistedStore(settingsStore);
}

/** Lets Mantine's colour scheme live inside the shopper's settings instead of a storage key of its own. */
export const settingsColorSchemeManager: MantineColorSchemeManager = {
  get: () => settingsStore.get().theme,
  set: (value) => {
    if (value === 'light' || value === 'dark') settingsStore.set({ ...settingsStore.get(), theme: value });
  },
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};
