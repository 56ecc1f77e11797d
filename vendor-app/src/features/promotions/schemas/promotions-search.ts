import { z } from 'zod';

/** The coupon list's page, kept in the URL. */
export const promotionsSearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
});

export type PromotionsSearch = z.output<typeof promotionsSearchSchema>;
export const promotionsSearchDefaults = { page: 1 } as const;
