import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/errors';

/** A refusal (4xx) is an answer, not a hiccup: only a failure without one is tried again, once. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) =>
          count < 1 && !(error instanceof ApiError && error.status != null && error.status < 500),
        refetchOnWindowFocus: true,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}
