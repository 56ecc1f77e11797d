import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { cartStore } from '../features/cart/cart-store';
import { DEFAULT_SETTINGS, settingsStore } from '../features/settings/settings-store';
import { customerSession } from '../lib/session';

// The stores are module singletons (as in the browser); each test starts from a signed-out, empty browser.
// Toasts live in a module-level store too: without cleaning, earlier tests' toasts fill the visible limit.
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  customerSession.signOut();
  settingsStore.set(DEFAULT_SETTINGS);
  cartStore.set({ items: [], checkoutItems: [] });
  localStorage.clear();
});
