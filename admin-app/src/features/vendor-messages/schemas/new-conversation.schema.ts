import { subjectMessageSchema } from '@shop/conversations/subject-message.schema';
import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';

/** A new conversation with a vendor store: the store, a subject and the first message, trimmed, none blank. */
export const newConversationSchema = subjectMessageSchema.extend({
  storeId: z.string().min(1, 'Choose a store'),
}) satisfies z.ZodType<RequestBody<'startStaffConversation'>>;

export type NewConversationValues = z.input<typeof newConversationSchema>;
export type NewConversationBody = z.output<typeof newConversationSchema>;
