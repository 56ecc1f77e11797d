import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';

const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** An assigned ISO 3166-1 alpha-2 code (upper case), as the server checks it. */
const isCountryCode = (code: string) => {
  const name = /^[A-Z]{2}$/.test(code) ? regionNames.of(code) : undefined;
  return name !== undefined && name !== 'Unknown Region';
};

/** Add Factory and Edit Factory: the same fields and the server's messages (blank phone, country or description removes it). */
export const factoryFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Email is invalid')),
  phone: z
    .string()
    .trim()
    .refine((phone) => phone === '' || PHONE.test(phone), 'Phone is invalid'),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine(
      (code) => code === '' || isCountryCode(code),
      'Country must be a two-letter ISO 3166-1 code (for example BD)',
    ),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters'),
}) satisfies z.ZodType<RequestBody<'createFactory'>>;

export type FactoryFormValues = z.input<typeof factoryFormSchema>;
export type FactoryFormBody = z.output<typeof factoryFormSchema>;
