// Mantine's notifications (the toast host, its transitions) are not needed to paint a page, so they load just
// after it (app.tsx); a toast raised before they arrive shows as soon as they have.
const notifications = () => import('@shop/ui/notifications');

/** The app's toasts (`@shop/ui/notifications`), without putting Mantine's notifications in the first download. */
export const toast = {
  success(message: string): void {
    void notifications().then(({ toast }) => toast.success(message));
  },
  error(message: string): void {
    void notifications().then(({ toast }) => toast.error(message));
  },
};
