import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '../app/app';
import { createAppQueryClient } from '../app/query-client';
import { createAppRouter } from '../app/router';
import { customerSession } from '../lib/session';

/** Mounts the whole store at `path`, with the same providers, router and session as the browser. */
export function renderApp(path: string) {
  // What a page load does: the session is read back from storage.
  customerSession.restore();
  const queryClient = createAppQueryClient(customerSession);
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }), {
    queryClient,
    session: customerSession,
  });
  return { router, queryClient, ...render(<App router={router} queryClient={queryClient} env="test" />) };
}
