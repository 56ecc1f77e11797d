import { useWindowEvent } from '@mantine/hooks';
import { Notifications, notifications } from '@mantine/notifications';
import { useState } from 'react';
import './notifications.css';

/** Spec: toasts close after 5000 ms unless the pointer is over them or the window has lost focus. */
export const TOAST_AUTO_CLOSE_MS = 5000;

/**
 * The app-wide toast host (top-right). Mantine already pauses auto-close while a toast is hovered
 * (`pauseResetOnHover`); switching `autoClose` off while the window is blurred holds every timer,
 * and switching it back on when focus returns restarts them. `belowHeader` is the app's fixed header height in
 * px: toasts open under it, so they never cover the header's links (the cart, the account menu).
 */
export function AppNotifications({ belowHeader = 0 }: { belowHeader?: number }) {
  const [windowFocused, setWindowFocused] = useState(true);
  useWindowEvent('blur', () => setWindowFocused(false));
  useWindowEvent('focus', () => setWindowFocused(true));

  return (
    <Notifications
      position="top-right"
      autoClose={windowFocused ? TOAST_AUTO_CLOSE_MS : false}
      pauseResetOnHover="all"
      className="app-notifications"
      style={{ '--app-header-height': `${belowHeader}px` }}
    />
  );
}

/** Toasts leave `autoClose` unset so the host's focus-aware setting applies to them. */
export const toast = {
  success(message: string) {
    return notifications.show({ message, color: 'teal', withCloseButton: true });
  },
  error(message: string, title?: string) {
    return notifications.show({ message, color: 'red', withCloseButton: true, ...(title ? { title } : {}) });
  },
};
