import { z } from 'zod';

/** The Message Center's state, kept in the URL: the tab, the list's page and the conversation on view. */
export const messageCenterSearchSchema = z.object({
  with: z.enum(['shoppers', 'staff']).default('shoppers').catch('shoppers'),
  page: z.number().int().min(1).default(1).catch(1),
  id: z.string().min(1).max(64).optional().catch(undefined),
});

export type MessageCenterSearch = z.output<typeof messageCenterSearchSchema>;
export type MessageCenterTab = MessageCenterSearch['with'];

export const messageCenterSearchDefaults = {
  with: 'shoppers',
  page: 1,
} as const satisfies Partial<MessageCenterSearch>;
