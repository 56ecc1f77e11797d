/** Spec §8: what the red banner says when the server sent no message. */
export const DISPUTE_ERRORS = {
  create: 'Failed to create dispute',
  list: 'Failed to fetch disputes',
  one: 'Failed to fetch dispute',
  message: 'Failed to send message',
  escalate: 'Failed to escalate dispute',
  stats: 'Failed to fetch dispute statistics',
} as const;
