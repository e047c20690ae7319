import { TELEGRAM_NICKNAME_MIN } from './constants.ts';

/** SEED 5: letters, digits, underscore, at least 5 characters; a leading @ is tolerated. */
export function normalizeTelegramNickname(input: string): string {
  return input.trim().replace(/^@/, '');
}

export function isValidTelegramNickname(input: string): boolean {
  const nick = normalizeTelegramNickname(input);
  return nick.length >= TELEGRAM_NICKNAME_MIN && /^[\p{L}\d_]+$/u.test(nick);
}
