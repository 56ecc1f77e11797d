import { startTransition, useEffect, useState } from 'react';
import { afterNextFrameShown } from './after-first-paint';

/**
 * False for a component's first frame on screen, then true. A long page renders what is at its top first (so
 * that part paints sooner) and the rest in a later, interruptible render.
 */
export function useAfterOwnFirstFrame(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => afterNextFrameShown(() => startTransition(() => setAfter(true))), []);
  return after;
}
