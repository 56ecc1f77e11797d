import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .transform((text) => (text === '' ? undefined : text));

/** The Labels section. `flashSaleAt` is set by 'Schedule Flash Sale' from the date-time field. */
export const labelsSchema = z.object({
  tags: z
    .array(z.string().trim().min(1).max(50, 'A tag must be at most 50 characters.'))
    .max(50, 'A product can have at most 50 tags.'),
  mainCategory: z
    .string()
    .nullable()
    .transform((category) => category ?? undefined),
  subcategory: optionalText('Subcategory', 100),
  labelName: optionalText('Label Name', 100),
  labelColor: optionalText('Label Color', 32),
  flashSaleAt: z.string().nullable(),
}) satisfies z.ZodType<Schemas['ProductLabels']>;

export type LabelsValues = z.input<typeof labelsSchema>;

export const emptyLabels: LabelsValues = {
  tags: [],
  mainCategory: null,
  subcategory: '',
  labelName: '',
  labelColor: '',
  flashSaleAt: null,
};

/** Progress counts the labels as done once the product has a main category. */
export const isLabelsComplete = (values: LabelsValues) => Boolean(values.mainCategory);
