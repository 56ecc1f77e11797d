import type { RouterHistory } from '@tanstack/react-router';
import { LANGUAGE_CODES, type Language } from '../features/settings/settings-options';
import { settingsStore } from '../features/settings/settings-store';

/**
 * The path form of a hash link (`/#/products/1?x=1` → `/products/1?x=1`): the store's addresses were hash routes
 * once, and every link in a mail, a bookmark or a journey written then must still open the same screen.
 * Null when the address is already a path (an in-page anchor such as `#reviews` is not a route).
 */
export function pathOfHashLink(hash: string): string | null {
  return hash.startsWith('#/') ? hash.slice(1) : null;
}

/**
 * A hash link followed while the store is open (typed in the address bar, or a link in staff-written HTML) only
 * changes the fragment, so the page is not loaded again: it is turned into its path here, and the router follows.
 */
export function followHashLinks(target: Window, history: Pick<RouterHistory, 'replace'>): () => void {
  const follow = () => {
    const path = pathOfHashLink(target.location.hash);
    if (path !== null) history.replace(path);
  };
  target.addEventListener('hashchange', follow);
  return () => target.removeEventListener('hashchange', follow);
}

/** The language an address names (`?lang=bn`, the form search engines list each language's page under). */
export function languageOfAddress(search: string): Language | null {
  const lang = new URLSearchParams(search).get('lang');
  return LANGUAGE_CODES.find((code) => code === lang) ?? null;
}

/**
 * Before the router reads the address: a hash link becomes its path in place (no new history entry), and a page
 * opened in a language shows in it, as if the shopper had chosen it in the settings.
 */
export function settleEntryAddress(target: Pick<Window, 'location' | 'history'>): void {
  const path = pathOfHashLink(target.location.hash);
  if (path !== null) target.history.replaceState(target.history.state, '', path);
  const language = languageOfAddress(target.location.search);
  if (language && settingsStore.get().language !== language) {
    settingsStore.set({ ...settingsStore.get(), language });
  }
}
