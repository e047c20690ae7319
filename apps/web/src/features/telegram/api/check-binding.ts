import type { Profile } from '@hr/contract';
import { apiGet } from '@/shared/api/api-client.ts';

/**
 * «Проверить» (SEED 4) re-reads the profile: a non-empty `telegram_auth_url` means not bound yet,
 * '' bound, null the bot is not configured.
 */
export async function checkBinding(): Promise<string | null> {
  const profile = await apiGet<Pick<Profile, 'telegram_auth_url'>>('/api/user/profile');
  return profile.telegram_auth_url;
}
