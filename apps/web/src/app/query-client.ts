import { QueryClient } from '@tanstack/react-query';
import { cameWithPage } from '@/shared/lib/page-state.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 1 && !(error && 'status' in error),
      refetchOnWindowFocus: false,
      // What the page came with is as fresh as it gets: not asked again when its hook mounts.
      refetchOnMount: (query) => !cameWithPage(query),
    },
  },
});
