import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { DEFAULT_SETTINGS, settingsStore } from '../features/settings/settings-store';
import { languageApplied } from '../i18n/i18n';
import { cartStore } from '../lib/cart-store';
import { customerSession } from '../lib/session';
import { stubApi } from './network';

// A whole-app render on a loaded 2-core machine can take more than the default second to show up.
configure({ asyncUtilTimeout: 3000 });

// No test reaches the network: a call the test did not stub answers 404 (a test's own stubApi replaces this).
beforeEach(async () => {
  stubApi({});
  // A reply still on its way when the last test ended may have changed the settings since (the files of a
  // worker share these stores): each test starts from the defaults, in English.
  settingsStore.set(DEFAULT_SETTINGS);
  await languageApplied();
  localStorage.clear();
});

// The stores are module singletons (as in the browser); each test starts from a signed-out, empty browser.
// Toasts live in a module-level store too: without cleaning, earlier tests' toasts fill the visible limit.
// The screen is unmounted first: a page still mounted would answer the reset settings with a real request.
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  notifications.clean();
  customerSession.signOut();
  settingsStore.set(DEFAULT_SETTINGS);
  cartStore.set({ items: [], checkoutItems: [] });
  localStorage.clear();
  // The next test (or the next file sharing this worker) starts in English, not in the language this one chose.
  await languageApplied();
});
