import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 1 && !(error && 'status' in error),
      refetchOnWindowFocus: false,
    },
  },
});
