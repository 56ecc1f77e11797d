import { isApiError } from '@shop/sdk/client';
import { QueryClient } from '@tanstack/react-query';
import type { CustomerSession } from '../lib/session';

/** A query client whose cache is emptied when the shopper signs out, so no account data outlives the session. */
export function createAppQueryClient(session: CustomerSession): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // The API's own answers (4xx envelopes) will not change on a retry; a dropped connection might.
        retry: (failures, error) => failures < 1 && !isApiError(error),
        refetchOnWindowFocus: false,
      },
    },
  });
  session.subscribe(() => {
    if (!session.getUser()) queryClient.clear();
  });
  return queryClient;
}
