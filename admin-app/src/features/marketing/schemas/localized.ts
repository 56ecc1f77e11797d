import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';

/** The storefront's languages: English is required, the others show English when left empty. */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'bn', label: 'Bengali' },
  { code: 'es', label: 'Spanish' },
  { code: 'hi', label: 'Hindi' },
] as const;

type LocalizedText = Schemas['LocalizedText'];
export type LocalizedValues = Record<(typeof LANGUAGES)[number]['code'], string>;

const MAX = 500;
const language = z.string().trim().max(MAX, `At most ${MAX} characters`);

/** Four text boxes in, the contract's localized text out (empty languages left out). */
export const localizedSchema = (englishRequired: string | null) =>
  z
    .object({
      en: englishRequired ? language.min(1, englishRequired) : language,
      bn: language,
      es: language,
      hi: language,
    })
    .transform((values): LocalizedText => {
      const text: LocalizedText = { en: values.en };
      if (values.bn) text.bn = values.bn;
      if (values.es) text.es = values.es;
      if (values.hi) text.hi = values.hi;
      return text;
    });

export const localizedValues = (text?: LocalizedText): LocalizedValues => ({
  en: text?.en ?? '',
  bn: text?.bn ?? '',
  es: text?.es ?? '',
  hi: text?.hi ?? '',
});

/** The languages a text is written in, for the lists. */
export const languagesOf = (text: LocalizedText) =>
  LANGUAGES.filter(({ code }) => (text[code] ?? '').trim() !== '').map(({ code }) => code.toUpperCase());

/** The server's rules for links and pictures, checked first here to save a round trip. */
export const LINK_MESSAGE = 'Use a storefront path such as /search/Books or an http(s) address.';
export const IMAGE_MESSAGE = 'Use an http(s) address, such as a file of the media library.';

export function isStorefrontLink(value: string): boolean {
  const link = value.startsWith('#/') ? value.slice(1) : value;
  return /^\/(?!\/)\S*$/.test(link) || isHttpAddress(link);
}

export function isHttpAddress(value: string): boolean {
  if (/\s/.test(value) || !URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
}

export const optionalLink = z
  .string()
  .trim()
  .max(1000)
  .refine((value) => value === '' || isStorefrontLink(value), LINK_MESSAGE)
  .transform((value) => value || null);

export const optionalImage = z
  .string()
  .trim()
  .max(1000)
  .refine((value) => value === '' || isHttpAddress(value), IMAGE_MESSAGE)
  .transform((value) => value || null);
