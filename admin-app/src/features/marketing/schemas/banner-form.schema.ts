import type { RequestBody, Schemas } from '@shop/sdk/types';
import { toLocalInput } from '@shop/ui/discount.schema';
import { z } from 'zod';
import { localizedSchema, localizedValues, optionalImage, optionalLink } from './localized';

type Banner = Schemas['Banner'];

export const PLACEMENTS = [
  { value: 'hero', label: 'Hero slide' },
  { value: 'promo', label: 'Promo tile' },
] as const;

export const BACKGROUND_MESSAGE =
  'Use a CSS colour or gradient, such as #1864ab or linear-gradient(120deg, #1864ab, #0b7285).';
const BACKGROUND = /^[#a-zA-Z0-9 ,.()%-]+$/;
const BACKGROUND_FETCHES = /url\s*\(|image|element\s*\(|expression|attr\s*\(/i;

/** A `datetime-local` value (the browser's time zone) as an instant, or null when empty. */
const moment = z
  .string()
  .refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), 'Enter a date and time')
  .transform((value) => (value ? new Date(value).toISOString() : null));

/** Add banner and Edit banner: the same fields and the server's rules (blank optional fields are removed). */
export const bannerFormSchema = z
  .object({
    placement: z.enum(['hero', 'promo']),
    title: localizedSchema('Give the English title.'),
    text: localizedSchema(null),
    imageUrl: optionalImage,
    background: z
      .string()
      .trim()
      .max(200)
      .refine(
        (value) => value === '' || (BACKGROUND.test(value) && !BACKGROUND_FETCHES.test(value)),
        BACKGROUND_MESSAGE,
      )
      .transform((value) => value || null),
    link: optionalLink,
    startsAt: moment,
    endsAt: moment,
    enabled: z.boolean(),
  })
  .refine((banner) => !banner.startsAt || !banner.endsAt || banner.endsAt > banner.startsAt, {
    path: ['endsAt'],
    message: 'The end must be after the start.',
  }) satisfies z.ZodType<RequestBody<'createBanner'>>;

export type BannerFormValues = z.input<typeof bannerFormSchema>;
export type BannerFormBody = z.output<typeof bannerFormSchema>;

export function bannerFormValues(
  banner: Banner | null,
  placement: Banner['placement'] = 'hero',
): BannerFormValues {
  return {
    placement: banner?.placement ?? placement,
    title: localizedValues(banner?.title),
    text: localizedValues(banner?.text),
    imageUrl: banner?.imageUrl ?? '',
    background: banner?.background ?? '',
    link: banner?.link ?? '',
    startsAt: banner?.startsAt ? toLocalInput(banner.startsAt) : '',
    endsAt: banner?.endsAt ? toLocalInput(banner.endsAt) : '',
    enabled: banner?.enabled ?? true,
  };
}

/** A banner as the form would save it, for Enable and Disable (the other fields as they are). */
export function bannerBody(
  banner: Banner,
  changes: Partial<RequestBody<'updateBanner'>> = {},
): RequestBody<'updateBanner'> {
  return {
    placement: banner.placement,
    title: banner.title,
    text: banner.text,
    imageUrl: banner.imageUrl,
    background: banner.background,
    link: banner.link,
    startsAt: banner.startsAt,
    endsAt: banner.endsAt,
    enabled: banner.enabled,
    ...changes,
  };
}
