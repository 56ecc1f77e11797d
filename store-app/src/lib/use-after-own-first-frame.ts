import { startTransition, useEffect, useState } from 'react';

/**
 * False for a component's first frame on screen, then true. A long page renders what is at its top first (so
 * that part paints sooner) and the rest in a later, interruptible render.
 */
export function useAfterOwnFirstFrame(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setAfter(true));
    // A hidden tab paints nothing: there is nothing to wait for.
    if (document.visibilityState === 'hidden') return show();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the browser paints; a task queued from it runs once that frame is shown.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(show);
    });
    document.addEventListener('visibilitychange', show, { once: true });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', show);
    };
  }, []);
  return after;
}
