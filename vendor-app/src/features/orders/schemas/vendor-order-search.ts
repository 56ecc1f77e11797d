import { z } from 'zod';

/** The Orders screen's state, kept in the URL: the table's page and the order opened beside it. */
export const vendorOrderSearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
  order: z.string().max(64).optional().catch(undefined),
});

export type VendorOrderSearch = z.output<typeof vendorOrderSearchSchema>;
export const vendorOrderSearchDefaults = { page: 1 } as const;
