import { z } from 'zod';

/** The Products screen's state, kept in the URL: the table's page and the search. */
export const productListSearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
  q: z.string().max(200).default('').catch(''),
});

export type ProductListSearch = z.output<typeof productListSearchSchema>;
export const productListSearchDefaults: ProductListSearch = { page: 1, q: '' };
