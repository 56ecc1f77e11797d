import { z } from 'zod';

/** The storefront's categories (spec 3), offered as a product's Main Category. */
export const MAIN_CATEGORIES = ['Electronics', 'Fashion', 'Home & Kitchen', 'Beauty', 'Books'] as const;

export type MainCategory = (typeof MAIN_CATEGORIES)[number];

/** A product placed in a storefront category by choosing one (the form holds null until then). */
export const categorySchema = z.object({
  mainCategory: z
    .enum(MAIN_CATEGORIES, { error: 'Choose a category.' })
    .nullable()
    .transform((category, ctx) => {
      if (category === null) {
        ctx.addIssue({ code: 'custom', message: 'Choose a category.' });
        return z.NEVER;
      }
      return category;
    }),
});

export type CategoryValues = z.input<typeof categorySchema>;
