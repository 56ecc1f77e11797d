import { useEffect, useSyncExternalStore } from 'react';

let painted = false;
let scheduled = false;
const listeners = new Set<() => void>();

function markPainted() {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function watchFirstPaint() {
  if (scheduled) return;
  scheduled = true;
  // A hidden tab paints nothing: there is nothing to wait for.
  if (document.visibilityState === 'hidden') return markPainted();
  // A frame callback runs just before the browser paints; a task queued from it runs once that frame is on screen.
  requestAnimationFrame(() => setTimeout(markPainted));
  document.addEventListener('visibilitychange', markPainted, { once: true });
}

/**
 * False until the page's first frame is on screen, then true for the rest of the visit. Work that no screen needs
 * (the toast host, page-view reports) waits for it, so it does not compete with painting the first one.
 */
export function useAfterFirstPaint(): boolean {
  const done = useSyncExternalStore(subscribe, () => painted);
  useEffect(watchFirstPaint, []);
  return done;
}
