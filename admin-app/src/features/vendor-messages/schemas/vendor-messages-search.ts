import { z } from 'zod';

/** The screen's state, kept in the URL: the store filter, the list's page and the conversation on view. */
export const vendorMessagesSearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
  store: z.string().min(1).max(64).optional().catch(undefined),
  id: z.string().min(1).max(64).optional().catch(undefined),
});

export type VendorMessagesSearch = z.output<typeof vendorMessagesSearchSchema>;

export const vendorMessagesSearchDefaults = { page: 1 } as const satisfies Partial<VendorMessagesSearch>;
