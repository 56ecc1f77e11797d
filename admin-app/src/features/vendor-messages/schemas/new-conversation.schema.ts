import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';

export const MAX_SUBJECT = 200;
export const MAX_MESSAGE = 2000;

/** A new conversation with a vendor store: the store, a subject and the first message, trimmed, none blank. */
export const newConversationSchema = z.object({
  storeId: z.string().min(1, 'Choose a store'),
  subject: z
    .string()
    .trim()
    .min(1, 'Subject is required')
    .max(MAX_SUBJECT, `At most ${MAX_SUBJECT} characters.`),
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(MAX_MESSAGE, `At most ${MAX_MESSAGE} characters.`),
}) satisfies z.ZodType<RequestBody<'startStaffConversation'>>;

export type NewConversationValues = z.input<typeof newConversationSchema>;
export type NewConversationBody = z.output<typeof newConversationSchema>;
