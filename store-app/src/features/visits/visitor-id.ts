// Kept beside the only code that reads it: no other part of the store knows about visitors.
const VISITOR_ID_KEY = 'shop.visitorId';

/** A random id for this browser, so the dashboard counts visitors apart from page views. */
export function visitorId(): string {
  try {
    const known = localStorage.getItem(VISITOR_ID_KEY);
    if (known) return known;
    const fresh = crypto.randomUUID();
    localStorage.setItem(VISITOR_ID_KEY, fresh);
    return fresh;
  } catch {
    // Storage refused (private mode, quota): the visit still counts, as a visitor of its own.
    return crypto.randomUUID();
  }
}
