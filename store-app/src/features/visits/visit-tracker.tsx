import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useAfterFirstPaint } from '../../lib/after-first-paint';
import { api } from '../../lib/api';
import { visitorId } from './visitor-id';

/** Reports one page view to the API; a failure is not the shopper's problem, so it is dropped. */
async function recordVisit(path: string): Promise<void> {
  try {
    await api.POST('/stats/visit', { body: { path, visitorId: visitorId() } });
  } catch {
    // Offline or blocked: the page works the same without the count.
  }
}

/**
 * Mounted once under the root route: a page view per page actually shown (after redirects), so a guarded page
 * that sends the shopper to sign in counts as the sign-in page.
 */
export function VisitTracker() {
  const path = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  // Page views are sent once the first page is on screen, never at the expense of painting it.
  const painted = useAfterFirstPaint();
  // StrictMode runs effects twice in development; one page is one view.
  const reported = useRef<string | undefined>(undefined);
  const unsent = useRef<string[]>([]);

  useEffect(() => {
    if (path && reported.current !== path) {
      reported.current = path;
      unsent.current.push(path);
    }
    if (!painted) return;
    for (const shown of unsent.current.splice(0)) void recordVisit(shown);
  }, [path, painted]);

  return null;
}
