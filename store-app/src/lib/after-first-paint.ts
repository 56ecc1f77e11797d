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

/**
 * Calls `callback` once the next frame is on screen (at once in a hidden tab, which paints nothing); returns a
 * cancel function.
 */
export function afterNextFrameShown(callback: () => void): () => void {
  if (document.visibilityState === 'hidden') {
    callback();
    return () => {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A frame callback runs just before the browser paints; a task queued from it runs once that frame is on screen.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback);
  });
  document.addEventListener('visibilitychange', callback, { once: true });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', callback);
  };
}

function watchFirstPaint() {
  if (scheduled) return;
  scheduled = true;
  afterNextFrameShown(markPainted);
}

/**
 * False until the page's first frame is on screen, then true for the rest of the visit. Work that no screen needs
 * (page-view reports) waits for it, so it does not compete with painting the first one.
 */
export function useAfterFirstPaint(): boolean {
  const done = useSyncExternalStore(subscribe, () => painted);
  useEffect(watchFirstPaint, []);
  return done;
}
