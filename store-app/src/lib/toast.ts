// Mantine's notifications (the toast host, its transitions) are needed only once there is a toast to show: the
// first toast fetches them and asks the app to mount the host (app.tsx), which then shows it.
const notifications = () => import('@shop/ui/notifications');

let hostWanted = false;
const listeners = new Set<() => void>();

function wantHost() {
  if (hostWanted) return;
  hostWanted = true;
  for (const listener of listeners) listener();
}

/** For `useSyncExternalStore`: whether a toast has been raised, so the host must be on the page. */
export const toastHost = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  wanted: (): boolean => hostWanted,
};

/** The app's toasts (`@shop/ui/notifications`), without putting Mantine's notifications in the first download. */
export const toast = {
  success(message: string): void {
    wantHost();
    void notifications().then(({ toast }) => toast.success(message));
  },
  error(message: string): void {
    wantHost();
    void notifications().then(({ toast }) => toast.error(message));
  },
};
