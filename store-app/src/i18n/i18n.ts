import { formatDate, formatMoney } from '@shop/ui/format';
import i18next, { type Resource } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANGUAGE_CODES, type Language } from '../features/settings/settings-options';
import { settingsStore } from '../features/settings/settings-store';

/** The `Intl` locale each storefront language formats numbers, money and dates with. */
export const LOCALES: Record<Language, string> = {
  en: 'en-US',
  bn: 'bn-BD',
  hi: 'hi-IN',
  es: 'es-ES',
};

// Every `locales/<language>/<namespace>.json` is bundled; a feature adds its texts by adding a namespace file.
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function localeResources(): Resource {
  const resources: Resource = {};
  for (const [path, texts] of Object.entries(files)) {
    const match = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] ??= {};
    resources[language][namespace] = texts;
  }
  return resources;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: localeResources(),
  lng: settingsStore.get().language,
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGE_CODES],
  defaultNS: 'common',
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyLanguage(language: Language) {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

applyLanguage(settingsStore.get().language);
// The settings modal and the settings page write the store; the language follows at once.
settingsStore.subscribe(() => applyLanguage(settingsStore.get().language));

/** Money and dates formatted for the shopper's language. */
export function useLocaleFormat() {
  const { i18n: instance } = useTranslation();
  const locale = LOCALES[(instance.language as Language) ?? 'en'] ?? LOCALES.en;
  return {
    locale,
    money: (amount: number, currency: string) => formatMoney(amount, currency, locale),
    date: (iso: string) => formatDate(iso, locale),
    number: (value: number) => new Intl.NumberFormat(locale).format(value),
  };
}
