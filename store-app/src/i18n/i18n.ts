import { formatDate, formatMoney } from '@shop/ui/format';
import i18next, { type ResourceLanguage } from 'i18next';
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

/** One namespace file's texts (nested objects allowed). */
type Texts = ResourceLanguage[string];

/** `./locales/<language>/<namespace>.json` → namespace → texts. */
export function byNamespace(files: Record<string, Texts>): ResourceLanguage {
  const namespaces: ResourceLanguage = {};
  for (const [path, texts] of Object.entries(files)) {
    const namespace = /\/([\w-]+)\.json$/.exec(path)?.[1];
    if (namespace) namespaces[namespace] = texts;
  }
  return namespaces;
}

// English ships with the app (it is also every other language's fallback); each other language is one chunk
// (bundles/<language>.ts) fetched when a shopper chooses it, so the home route's first download stays small.
// A feature adds its texts by adding `locales/<language>/<namespace>.json`: the globs pick them up. The English
// texts of screens away from the home page travel with those screens' code instead (registerEnglish).
const english = import.meta.glob<Texts>(
  [
    './locales/en/*.json',
    '!./locales/en/{cart,checkout,disputes,product,auth,orders,profile,settings,reviews,recommendations,stores,returns,claims,account,messages,sell,payments}.json',
  ],
  { eager: true, import: 'default' },
);
const bundles = import.meta.glob<Record<string, Texts>>('./bundles/*.ts', { import: 'default' });

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: byNamespace(english) },
  // The stored language is applied below, once its texts are here.
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGE_CODES],
  defaultNS: 'common',
  // Namespaces other than English are added when their language loads.
  partialBundledLanguages: true,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Adds a screen's English texts when its code loads (its module imports the JSON and calls this). */
export function registerEnglish(namespace: string, texts: Texts): void {
  if (!i18n.hasResourceBundle('en', namespace)) i18n.addResourceBundle('en', namespace, texts);
}

const loaded = new Set<Language>(['en']);

/** Fetches a language's texts once; later calls answer at once. */
export async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const load = bundles[`./bundles/${language}.ts`];
  if (!load) throw new Error(`No texts for language ${language}`);
  for (const [namespace, texts] of Object.entries(byNamespace(await load()))) {
    i18n.addResourceBundle(language, namespace, texts, true, true);
  }
  loaded.add(language);
}

async function applyLanguage(language: Language): Promise<void> {
  try {
    await loadLanguage(language);
  } catch (error) {
    // Offline when the texts were wanted: the page stays in the language it shows.
    console.warn(`Could not load the ${language} texts`, error);
    return;
  }
  // The shopper may have chosen again while the texts were on their way: the latest choice wins.
  if (settingsStore.get().language !== language) return;
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

let applying = applyLanguage(settingsStore.get().language);
// The settings modal and the settings page write the store; the language follows at once.
settingsStore.subscribe(() => {
  applying = applyLanguage(settingsStore.get().language);
});

/** Resolves once the stored language is the one shown (main.tsx waits for it before the first render). */
export function languageApplied(): Promise<void> {
  return applying;
}

/** Money, dates and numbers formatted for the shopper's language. */
export function useLocaleFormat() {
  const { i18n: instance } = useTranslation();
  const locale = LOCALES[instance.language as Language] ?? LOCALES.en;
  return {
    locale,
    money: (amount: number, currency: string) => formatMoney(amount, currency, locale),
    date: (iso: string) => formatDate(iso, locale),
    number: (value: number) => new Intl.NumberFormat(locale).format(value),
  };
}
