import { z } from 'zod';
import { accountType } from './access.ts';

export const mainInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  family: z.string(),
  email: z.string(),
  account_type: accountType,
  account_type_title: z.string(),
  /** true while the profile lacks what registration asks (a user made by the CLI, say). */
  profile_incomplete: z.boolean(),
  /** The server asks for the `show=verify_profile` popup: incomplete, or not confirmed for 6 months. */
  must_confirm_profile: z.boolean(),
  /** Whether the club's Telegram bot is set up on this server: without it the client shows no Telegram at all. */
  telegram_enabled: z.boolean(),
});
export type MainInfo = z.infer<typeof mainInfo>;

/**
 * `GET /api/user/contact_quota`: contact openings left today (Moscow day). `limit` and `remaining`
 * are null for an account without a daily limit (`commerce_account`); `can_open` false without `open_contact`.
 */
export const contactQuota = z.object({
  can_open: z.boolean(),
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
});
export type ContactQuota = z.infer<typeof contactQuota>;
