/** The contract's bound on one message, once trimmed. */
export const MAX_MESSAGE = 2000;
