import { z } from 'zod';

/** The contract's bounds on a conversation's subject and on one message, once trimmed. */
export const MAX_SUBJECT = 200;
export const MAX_MESSAGE = 2000;

/**
 * A new conversation's subject and first message, both trimmed and not blank. Each app pins it (or its extension)
 * to its own request body with `satisfies`.
 */
export const subjectMessageSchema = z.object({
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
});

export type SubjectMessageValues = z.input<typeof subjectMessageSchema>;
export type SubjectMessage = z.output<typeof subjectMessageSchema>;
