import type { Schemas } from '@shop/sdk/types';
import { z } from 'zod';
import {
  activeOptions,
  MAX_OPTIONS,
  MAX_VARIANTS,
  newVariantRow,
  type ProductOption,
  variantCount,
} from './variants';

// The server's price rule: decimal text with at most two decimals.
const PRICE = /^\d{1,9}(\.\d{1,2})?$/;
const priceMessage = (label: string) => `${label} must be a price with at most two decimals, e.g. 18.99.`;

const optionSchema = z
  .object({
    name: z.string().trim().max(255, 'An option name must be at most 255 characters.'),
    values: z
      .array(z.string().trim().min(1).max(255, 'A value must be at most 255 characters.'))
      .max(MAX_VARIANTS, `An option can have at most ${MAX_VARIANTS} values.`),
    propertyId: z.number().int().optional(),
    known: z.array(z.object({ label: z.string(), id: z.number().int(), raw: z.string() })).optional(),
  })
  .superRefine((option, ctx) => {
    if (option.name === '' && option.values.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'Name this option (e.g. Color).' });
    }
    if (option.name !== '' && option.values.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['values'],
        message: `Add at least one value for ${option.name}.`,
      });
    }
  }) satisfies z.ZodType<ProductOption>;

const variantRowSchema = z
  .object({
    key: z.string(),
    combination: z.array(z.object({ name: z.string(), value: z.string() })),
    price: z.string().trim().min(1, 'Price is required.').regex(PRICE, priceMessage('Price')),
    compareAtPrice: z
      .string()
      .trim()
      .refine((text) => text === '' || PRICE.test(text), priceMessage('Compare-at Price')),
    // Held as `undefined` while its input is empty.
    stock: z
      .number()
      .int('Stock must be a whole number.')
      .min(0, 'Stock cannot be negative.')
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) {
          ctx.addIssue({ code: 'custom', message: 'Stock is required.' });
          return z.NEVER;
        }
        return value;
      }),
    skuCode: z
      .string()
      .trim()
      .min(1, 'SKU Code is required.')
      .max(64, 'SKU Code must be at most 64 characters.'),
    image: z
      .string()
      .trim()
      .refine((url) => url === '' || /^https?:\/\/\S+$/.test(url), 'Choose one of the product images.'),
    source: z.custom<Schemas['Sku']>().optional(),
  })
  .superRefine((row, ctx) => {
    if (
      row.compareAtPrice !== '' &&
      PRICE.test(row.price) &&
      Number(row.compareAtPrice) < Number(row.price)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['compareAtPrice'],
        message: 'Compare-at Price cannot be lower than the Price.',
      });
    }
  });

/**
 * The SKU step of products made in the store (not imported): options by name with their values, and one row per
 * combination with its price, compare-at price, stock, SKU code and picture. Without options the product has a
 * single row: its price and stock.
 */
export const variantsSchema = z
  .object({
    options: z.array(optionSchema).max(MAX_OPTIONS, `A product can have at most ${MAX_OPTIONS} options.`),
    variants: z.array(variantRowSchema).min(1, 'Add at least one variant.'),
  })
  .superRefine(({ options, variants }, ctx) => {
    const seen = new Map<string, number>();
    options.forEach((option, index) => {
      const name = option.name.toLowerCase();
      if (name === '') return;
      if (seen.has(name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['options', index, 'name'],
          message: 'Each option needs its own name.',
        });
      }
      seen.set(name, index);
    });
    if (variantCount(options) > MAX_VARIANTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `These options make ${variantCount(options)} variants; a product can have at most ${MAX_VARIANTS}.`,
      });
    }
    const codes = new Set<string>();
    variants.forEach((row, index) => {
      const code = row.skuCode.toLowerCase();
      if (code !== '' && codes.has(code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['variants', index, 'skuCode'],
          message: 'SKU codes must be unique.',
        });
      }
      codes.add(code);
    });
  })
  .transform(({ options, variants }) => ({ options: activeOptions(options), variants }));

export type VariantsValues = z.input<typeof variantsSchema>;
export type Variants = z.output<typeof variantsSchema>;

/** A new product: no options yet, one variant. */
export const emptyVariants = (): VariantsValues => ({ options: [], variants: [newVariantRow([], '')] });
