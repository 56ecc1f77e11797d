import { POPUP_SEEN_KEY } from '../../../lib/storage-keys';

const DAY_MS = 24 * 60 * 60 * 1000;

function lastShown(): number | null {
  try {
    const stored = Number(localStorage.getItem(POPUP_SEEN_KEY));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    // Storage refused (private mode): the popup shows, and will again next visit.
    return null;
  }
}

/** Whether this visitor should see the popup now: never shown here, or shown `everyDays` days ago or more. */
export function popupDue(everyDays: number, now = Date.now()): boolean {
  const shown = lastShown();
  return shown === null || now - shown >= everyDays * DAY_MS || shown > now;
}

export function rememberPopupShown(now = Date.now()): void {
  try {
    localStorage.setItem(POPUP_SEEN_KEY, String(now));
  } catch {
    // Nowhere to remember it: nothing more to do.
  }
}
