import { QueryClient } from '@tanstack/react-query';

// The request helper already alerts on every failure; retrying would repeat the alert.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
