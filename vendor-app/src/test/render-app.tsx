import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '../app/app';
import { createAppQueryClient } from '../app/query-client';
import { createAppRouter } from '../app/router';
import { vendorSession } from '../lib/session';
import { vendorToken } from './tokens';

/** Mounts the whole panel at `path`, as the browser would after a visit; `signedIn` stores a vendor token first. */
export function renderApp(path: string, options: { signedIn?: boolean } = {}) {
  if (options.signedIn) vendorSession.signIn(vendorToken());
  const queryClient = createAppQueryClient();
  // Tests answer once; a failed call is shown, not retried.
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  const router = createAppRouter(
    { queryClient, session: vendorSession },
    createMemoryHistory({ initialEntries: [path] }),
  );
  return { router, queryClient, ...render(<App router={router} queryClient={queryClient} env="test" />) };
}
