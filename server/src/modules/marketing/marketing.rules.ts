import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import type { Database } from '../../db/client.ts';
import type { LocalizedText } from '../../db/schema.ts';
import { type FieldError, validationError } from '../../http/errors.ts';
import { isHttpUrl } from '../../lib/sanitize.ts';
import { staffActivity, withActivity } from '../activity/index.ts';

export const ENGLISH_TITLE_NEEDED = 'Give the English title.';
export const LINK_REFUSED = 'Use a storefront path such as /search/Books or an http(s) address.';
export const IMAGE_REFUSED = 'Use an http(s) address, such as a file of the media library.';
export const BACKGROUND_REFUSED =
  'Use a CSS colour or gradient, such as #1864ab or linear-gradient(120deg, #1864ab, #0b7285).';
export const END_BEFORE_START = 'The end must be after the start.';

const LANGUAGES = ['en', 'bn', 'es', 'hi'] as const;

/** Field errors collected while reading a body; thrown together as one 400. */
export type Problems = FieldError[];

/** Trimmed texts; a language left empty is dropped so it falls back to English. */
export function cleanLocalized(text: LocalizedText | undefined): LocalizedText {
  const clean: LocalizedText = { en: text?.en.trim() ?? '' };
  for (const language of LANGUAGES) {
    const value = text?.[language]?.trim();
    if (language !== 'en' && value) clean[language] = value;
  }
  return clean;
}

/** Empty (or only spaces) means "none". */
export const blankToNull = (value: string | null | undefined): string | null => value?.trim() || null;

// Characters of colours, gradients and custom properties; no quotes, colons, slashes or semicolons, so nothing
// can leave the `background` declaration or name an address.
const BACKGROUND = /^[#a-zA-Z0-9 ,.()%-]+$/;
// Functions that would fetch something (url(), image-set()) or run something (old IE expression()).
const BACKGROUND_FETCHES = /url\s*\(|image|element\s*\(|expression|attr\s*\(/i;

export function checkBackground(value: string | null, problems: Problems, path: string): string | null {
  if (value === null) return null;
  if (!BACKGROUND.test(value) || BACKGROUND_FETCHES.test(value))
    problems.push({ path, message: BACKGROUND_REFUSED });
  return value;
}

/**
 * A storefront path (`/search/Books`, `#/search/Books`; kept without the `#`) or an http(s) address. A
 * protocol-relative `//host` and every other scheme (javascript:, data:) are refused.
 */
export function checkLink(value: string | null, problems: Problems, path: string): string | null {
  if (value === null) return null;
  const link = value.startsWith('#/') ? value.slice(1) : value;
  if (/^\/(?!\/)\S*$/.test(link) || isHttpUrl(link)) return link;
  problems.push({ path, message: LINK_REFUSED });
  return link;
}

export function checkImage(value: string | null, problems: Problems, path: string): string | null {
  if (value !== null && !isHttpUrl(value)) problems.push({ path, message: IMAGE_REFUSED });
  return value;
}

export type BannerStatus = 'live' | 'scheduled' | 'ended' | 'disabled';

/** Whether the storefront shows a banner at `now`. */
export function bannerStatus(
  banner: { enabled: boolean; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): BannerStatus {
  if (!banner.enabled) return 'disabled';
  if (banner.startsAt && banner.startsAt > now) return 'scheduled';
  if (banner.endsAt && banner.endsAt <= now) return 'ended';
  return 'live';
}

/** A slug from a title: lower-case letters and digits joined by `-`, accents dropped; empty for other scripts. */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

export const iso = (date: Date | null) => date?.toISOString() ?? null;

export function throwIfAny(problems: Problems): void {
  if (problems.length > 0) throw validationError(problems);
}

/** A staff change and the activity entry it earns, stored in one transaction. */
export const loggedChange =
  (db: Database) =>
  <T>(
    request: FastifyRequest,
    staff: StaffAuth,
    change: (tx: Database) => Promise<T>,
    entry: (result: T) => { action: string; target: string; details: Record<string, unknown> },
  ) =>
    withActivity(db, change, (result) => staffActivity(request, staff, entry(result)));
