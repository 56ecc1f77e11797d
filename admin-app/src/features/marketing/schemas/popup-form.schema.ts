import type { RequestBody, Schemas } from '@shop/sdk/types';
import { z } from 'zod';
import { localizedSchema, localizedValues, optionalImage, optionalLink } from './localized';

/** The storefront popup: an enabled popup needs its English title, as the server says. */
export const popupFormSchema = z
  .object({
    enabled: z.boolean(),
    title: localizedSchema(null),
    text: localizedSchema(null),
    imageUrl: optionalImage,
    link: optionalLink,
    everyDays: z
      .number({ error: 'Enter a number of days' })
      .int('Whole days only')
      .min(1, 'At least 1 day')
      .max(365, 'At most 365 days'),
  })
  .refine((popup) => !popup.enabled || popup.title.en !== '', {
    path: ['title', 'en'],
    message: 'Give the English title.',
  }) satisfies z.ZodType<RequestBody<'updateStorefrontPopup'>>;

export type PopupFormValues = z.input<typeof popupFormSchema>;
export type PopupFormBody = z.output<typeof popupFormSchema>;

export const popupFormValues = (popup: Schemas['PopupSettings']): PopupFormValues => ({
  enabled: popup.enabled,
  title: localizedValues(popup.title),
  text: localizedValues(popup.text),
  imageUrl: popup.imageUrl ?? '',
  link: popup.link ?? '',
  everyDays: popup.everyDays,
});
