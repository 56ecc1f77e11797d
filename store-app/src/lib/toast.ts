import { createLatch } from './latch';

// Mantine's notifications (the toast host, its transitions) are needed only once there is a toast to show: the
// first toast fetches them and asks the app to mount the host (app.tsx), which then shows it.
const notifications = () => import('@shop/ui/notifications');

const hostWanted = createLatch();

/** For `useSyncExternalStore`: whether a toast has been raised, so the host must be on the page. */
export const toastHost = { subscribe: hostWanted.subscribe, wanted: hostWanted.get };

/** The app's toasts (`@shop/ui/notifications`), without putting Mantine's notifications in the first download. */
export const toast = {
  success(message: string): void {
    hostWanted.set();
    void notifications().then(({ toast }) => toast.success(message));
  },
  /** An error; with a title when the failure needs a heading above the reason (placing an order). */
  error(message: string, title?: string): void {
    hostWanted.set();
    void notifications().then(({ toast }) => toast.error(message, title));
  },
};
