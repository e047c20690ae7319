import type { TelegramConfig } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { useSession } from '@/shared/session/session-store.ts';

/** GET /api/telegram/config (public): whether the club's bot is set up on this server. */
export function fetchTelegramConfig(): Promise<TelegramConfig> {
  return apiGet<TelegramConfig>('/api/telegram/config');
}

/**
 * Whether to mention Telegram at all (the HR cloud, codes in the messenger): a member's main_info
 * says it, a visitor's page asks the public answer once. Until it answers: no mention, so a server
 * without a bot never shows one, even for a moment.
 */
export function useTelegramEnabled(): boolean {
  const { user } = useSession();
  const config = useQuery({
    queryKey: ['telegram', 'config'],
    queryFn: fetchTelegramConfig,
    enabled: !user,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return user ? user.telegram_enabled : config.data?.telegram_enabled === true;
}
