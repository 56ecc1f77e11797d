import type { Dispute } from './dispute-values';

/** Spec 3 §9: the shopper is promised a response within 48 hours. */
const RESPONSE_PROMISE_HOURS = 48;

/** '3h', '2d 4h'; under an hour reads 'less than 1h'. */
export function formatWaitingHours(hours: number): string {
  if (hours < 1) return 'less than 1h';
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days === 0) return `${rest}h`;
  return rest === 0 ? `${days}d` : `${days}d ${rest}h`;
}

/** How long the dispute has waited for support, from the server's clock; null when nobody is waiting. */
export function waitingOf(dispute: Pick<Dispute, 'waitingSince' | 'waitingHours'>) {
  if (dispute.waitingSince === null || dispute.waitingHours === null) return null;
  return {
    text: `Waiting for support: ${formatWaitingHours(dispute.waitingHours)}`,
    overdue: dispute.waitingHours > RESPONSE_PROMISE_HOURS,
  };
}
