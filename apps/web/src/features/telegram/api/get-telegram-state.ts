import type { TelegramState } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

/** `telegram_auth_url`: a deep link while not bound, '' once bound, null when the bot is not configured. */
export type { TelegramState };

/** GET /api/user/telegram */
export function fetchTelegramState(): Promise<TelegramState> {
  return apiGet<TelegramState>('/api/user/telegram');
}

export const telegramQueryKey = (userId: number | undefined) => ['telegram', userId ?? 0] as const;

/** `pollMs`: ask again this often while shown (the binding popup: a push missed before the socket was up). */
export function useTelegramState(userId: number | undefined, options: { enabled?: boolean; pollMs?: number } = {}) {
  return useQuery({
    queryKey: telegramQueryKey(userId),
    queryFn: fetchTelegramState,
    enabled: Boolean(userId) && (options.enabled ?? true),
    staleTime: 30_000,
    refetchInterval: (query) => (options.pollMs && query.state.data?.telegram_auth_url ? options.pollMs : false),
  });
}
