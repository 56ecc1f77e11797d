import { errorMessage } from '@shop/sdk/client';

/** Spec 2 §8: what each failure says when the server gives no message (the server's message is preferred). */
const DISPUTE_ERROR = {
  list: 'Failed to fetch all disputes',
  detail: 'Failed to fetch dispute',
  stats: 'Failed to fetch dispute statistics',
  status: 'Failed to update dispute status',
  // Not in spec 2: the wording the shoppers' screen uses for a failed message (spec 3 §8), and its like.
  message: 'Failed to send message',
  priority: 'Failed to update dispute priority',
} as const;

/** The text of a failure: the server's message, else the spec's default for that call. */
export const disputeError = (error: unknown, kind: keyof typeof DISPUTE_ERROR) =>
  errorMessage(error, DISPUTE_ERROR[kind]);
