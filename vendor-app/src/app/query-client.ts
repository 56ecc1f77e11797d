import { QueryClient } from '@tanstack/react-query';

export function createAppQueryClient() {
  return new QueryClient({
    // A 4xx is an answer, not a hiccup: only the network or a 5xx is worth one retry.
    defaultOptions: { queries: { retry: 1, staleTime: 10_000 }, mutations: { retry: false } },
  });
}
