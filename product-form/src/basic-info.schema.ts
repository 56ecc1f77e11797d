import { z } from 'zod';

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const isRating = (text: string) => /^\d+(\.\d+)?$/.test(text) && Number(text) <= 5;
const NON_NEGATIVE_INTEGER = /^\d+$/;

/** Empty text stands for "not given". */
const optionalText = z
  .string()
  .trim()
  .transform((text) => (text === '' ? undefined : text));

/**
 * Spec 1 §3 "Basic info form" with the validation table of §5, used by the import screen, the wizard and the
 * editor. Every field is text in the form (as typed); the output has numbers where the contract wants them.
 */
export const basicInfoSchema = z.object({
  productTitle: z
    .string()
    .trim()
    .min(1, 'Product Title is required.')
    .max(1000, 'Product Title must be at most 1000 characters.'),
  averageRating: z
    .string()
    .trim()
    .refine((text) => text === '' || isRating(text), 'Average Rating must be a number between 0 and 5.')
    .transform((text) => (text === '' ? undefined : Number(text))),
  reviewCount: z
    .string()
    .trim()
    .refine(
      (text) => text === '' || NON_NEGATIVE_INTEGER.test(text),
      'Review Count must be a non-negative integer.',
    )
    .transform((text) => (text === '' ? undefined : Number(text))),
  categoryId: z
    .string()
    .trim()
    .min(1, 'Category ID is required.')
    .regex(NON_NEGATIVE_INTEGER, 'Category ID must be a non-negative integer.')
    .transform(Number),
  currency: z
    .string()
    .trim()
    .min(1, 'Currency Code is required.')
    .regex(/^[A-Z]{3}$/, 'Currency Code must be a 3-letter uppercase code (e.g., USD).'),
  productDescription: z.string(),
  mobileDescription: optionalText.refine(
    (text) => text === undefined || isJson(text),
    'Mobile Description must be valid JSON.',
  ),
});

export type BasicInfoValues = z.input<typeof basicInfoSchema>;
export type BasicInfo = z.output<typeof basicInfoSchema>;

/**
 * The same form for a product placed by its storefront category instead of a marketplace category id: the id
 * may stay empty (sent as none).
 */
export const optionalCategoryBasicInfoSchema = basicInfoSchema.extend({
  categoryId: z
    .string()
    .trim()
    .regex(/^\d*$/, 'Category ID must be a non-negative integer.')
    .transform((text) => (text === '' ? null : Number(text))),
});

/** What the product body is built from, either way. */
export type ProductBasicInfo = z.output<typeof optionalCategoryBasicInfoSchema>;

export const emptyBasicInfo: BasicInfoValues = {
  productTitle: '',
  averageRating: '',
  reviewCount: '',
  categoryId: '',
  currency: 'USD',
  productDescription: '',
  mobileDescription: '',
};

/** The banner over the form whenever a rule of §5 fails. */
export const FORM_ERRORS_BANNER = 'Please correct the errors in the form.';
