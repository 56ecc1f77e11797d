import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../app/app';
import { createAppQueryClient } from '../app/query-client';
import { createAppRouter } from '../app/router';
import { adminSession } from '../app/session';

/** Renders the whole app (providers, router, shell) at `path`, as a browser would open it. */
export function renderApp(path: string) {
  const queryClient = createAppQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const router = createAppRouter(
    { queryClient, session: adminSession },
    createMemoryHistory({ initialEntries: [path] }),
  );
  const user = userEvent.setup();
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, user };
}
