import { useEffect, useSyncExternalStore } from 'react';
import { createLatch } from './latch';

const firstPaint = createLatch();
let scheduled = false;

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
  afterNextFrameShown(firstPaint.set);
}

/**
 * False until the page's first frame is on screen, then true for the rest of the visit. Work that no screen needs
 * (page-view reports) waits for it, so it does not compete with painting the first one.
 */
export function useAfterFirstPaint(): boolean {
  const done = useSyncExternalStore(firstPaint.subscribe, firstPaint.get);
  useEffect(watchFirstPaint, []);
  return done;
}
