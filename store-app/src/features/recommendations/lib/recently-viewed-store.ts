import { createPersistedStore } from '../../../lib/persisted-store';
import { RECENTLY_VIEWED_KEY } from '../../../lib/storage-keys';

/** As many as the account keeps (the server's cap). */
export const RECENTLY_VIEWED_MAX = 12;

export type ViewedEntry = { productId: string; viewedAt: string };

export type RecentlyViewed = {
  /** Newest first, each product once. */
  entries: ViewedEntry[];
  /** The account this device's list was last merged into, so it is merged once per sign-in. */
  mergedInto: string | null;
};

const empty: RecentlyViewed = { entries: [], mergedInto: null };

function parse(data: unknown): RecentlyViewed | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { entries, mergedInto } = data as Record<string, unknown>;
  if (!Array.isArray(entries)) return undefined;
  const valid = entries.filter(
    (entry): entry is ViewedEntry =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as ViewedEntry).productId === 'string' &&
      typeof (entry as ViewedEntry).viewedAt === 'string' &&
      !Number.isNaN(Date.parse((entry as ViewedEntry).viewedAt)),
  );
  return {
    entries: valid.slice(0, RECENTLY_VIEWED_MAX),
    mergedInto: typeof mergedInto === 'string' ? mergedInto : null,
  };
}

export const recentlyViewedStore = createPersistedStore(RECENTLY_VIEWED_KEY, parse, empty);

/** Puts the product first (moving it up when it was seen before) and keeps the newest few. */
export function rememberView(productId: string, at: Date = new Date()): ViewedEntry {
  const current = recentlyViewedStore.get();
  const entry = { productId, viewedAt: at.toISOString() };
  recentlyViewedStore.set({
    ...current,
    entries: [entry, ...current.entries.filter((other) => other.productId !== productId)].slice(
      0,
      RECENTLY_VIEWED_MAX,
    ),
  });
  return entry;
}

export function markMerged(account: string | null): void {
  recentlyViewedStore.set({ ...recentlyViewedStore.get(), mergedInto: account });
}
