import { QueryClient } from '@tanstack/react-query';
import { AppError } from '@/shared/http/errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change on retry; an aborted call was aborted on purpose.
      retry: (count, error) =>
        count < 2 &&
        !(error instanceof AppError && (error.aborted || (error.status != null && error.status < 500))),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
