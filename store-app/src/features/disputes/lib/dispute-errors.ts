/** Spec §8: what the red banner says when the server sent no message (keys of `disputes:errors`). */
export const DISPUTE_ERRORS = {
  create: 'errors.create',
  list: 'errors.list',
  one: 'errors.one',
  message: 'errors.message',
  escalate: 'errors.escalate',
  stats: 'errors.stats',
} as const;
