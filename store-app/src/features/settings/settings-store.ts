import type { MantineColorSchemeManager } from '@mantine/core';
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

function oneOf<T extends string>(options: readonly T[], value: unknown, fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

// Each field falls back on its own, so one bad stored value never resets the others. Plain checks rather than a
// schema library: the settings are read on every page's first load.
function parseSettings(value: unknown): StoreSettings | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const stored = value as Record<string, unknown>;
  return {
    shipToCountry: oneOf(SHIP_TO_COUNTRIES, stored.shipToCountry, DEFAULT_SETTINGS.shipToCountry),
    currency: oneOf(CURRENCIES, stored.currency, DEFAULT_SETTINGS.currency),
    language: oneOf(LANGUAGE_CODES, stored.language, DEFAULT_SETTINGS.language),
    theme: oneOf(THEMES, stored.theme, DEFAULT_SETTINGS.theme),
  };
}

export const settingsStore = createPersistedStore<StoreSettings>(
  SETTINGS_KEY,
  parseSettings,
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
