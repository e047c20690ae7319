import { ACCOUNT_TYPES, type MainInfo } from '@hr/contract';
import type { UserRow } from '../../db/schema/index.ts';
import { isProfileIncomplete, mustConfirmProfile } from './user.policy.ts';

/** `GET /api/user/main_info`: who is signed in, whether the profile asks to be completed or confirmed, and whether Telegram exists here. */
/** `telegramEnabled`: the bot is configured on this server (isTelegramConfigured). */
export function mainInfoOf(user: UserRow, telegramEnabled: boolean): MainInfo {
  return {
    id: user.id,
    name: user.name,
    family: user.family,
    email: user.email,
    account_type: user.accountType,
    account_type_title: ACCOUNT_TYPES[user.accountType],
    profile_incomplete: isProfileIncomplete(user),
    must_confirm_profile: mustConfirmProfile(user),
    telegram_enabled: telegramEnabled,
  };
}
