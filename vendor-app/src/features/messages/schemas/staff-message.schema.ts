import type { RequestBody } from '@shop/sdk/types';
import { z } from 'zod';

export const MAX_SUBJECT = 200;
export const MAX_MESSAGE = 2000;

/** 'Message staff': the contract's subject and first message, both trimmed and not blank. */
export const staffMessageSchema = z.object({
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
}) satisfies z.ZodType<RequestBody<'startVendorStaffConversation'>>;

export type StaffMessageValues = z.input<typeof staffMessageSchema>;
export type StaffMessageBody = z.output<typeof staffMessageSchema>;
