import { z } from 'zod';
import { accountType } from './access.ts';
import { emailField, looseBoolean, passwordPair, phoneField } from './auth.ts';
import { COMPANY_SIZES, MIN_INTERESTS } from './constants.ts';
import { MSG } from './messages.ts';
import { isValidTelegramNickname } from './nickname.ts';

export const PROFILE_CONFIRM_MONTHS = 6;

export const profile = z.object({
  id: z.number().int(),
  fio: z.string(),
  name: z.string(),
  family: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  telegram_nickname: z.string().nullable(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  profession_area: z.string().nullable(),
  city_name: z.string().nullable(),
  company_people_count: z.string().nullable(),
  tags: z.array(z.string()),
  /** SEED 3: non-empty — not bound to the HR cloud; empty — bound. null — the bot is not configured. */
  telegram_auth_url: z.string().nullable(),
  telegram_bound: z.boolean(),
  notify_email: z.boolean(),
  notify_telegram: z.boolean(),
  not_reply_notify: z.boolean(),
  report_reply_notify: z.boolean(),
  account_type: accountType,
  account_type_title: z.string(),
  residency_requested: z.boolean(),
  must_confirm: z.boolean(),
  profile_confirmed_at: z.string().nullable(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profile>;

const optionalText = (max: number) => z.string().trim().max(max, { error: `Не длиннее ${max} символов` });

/** `POST /api/user/profile`: only the fields sent change. */
export const profileUpdateBody = z.object({
  fio: optionalText(150).min(1, { error: MSG.emptyField }).optional(),
  phone: phoneField.optional(),
  // The rule sits on the string, before .nullish(): a rule after .optional() is skipped for a missing key.
  telegram_nickname: z
    .string({ error: MSG.nicknameInvalid })
    .trim()
    .max(64, { error: MSG.nicknameInvalid })
    .refine((v) => !v || isValidTelegramNickname(v), { error: MSG.nicknameInvalid })
    .nullish(),
  company: optionalText(200).min(1, { error: MSG.emptyField }).optional(),
  position: optionalText(150).min(1, { error: MSG.emptyField }).optional(),
  city_name: optionalText(150).min(1, { error: MSG.emptyField }).optional(),
  company_people_count: z.enum(COMPANY_SIZES, { error: MSG.chooseFromList }).optional(),
  profession_area: optionalText(150).min(1, { error: MSG.emptyField }).optional(),
  tags: z.array(z.string().max(100)).max(30).optional(),
  not_reply_notify: looseBoolean.optional(),
  report_reply_notify: looseBoolean.optional(),
  notify_email: looseBoolean.optional(),
  notify_telegram: looseBoolean.optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

export const passwordChangeBody = z
  .object({ current_password: z.string({ error: MSG.required }).min(1, { error: MSG.required }), ...passwordPair })
  .refine((b) => b.password === b.password_confirmation, { path: ['password_confirmation'], error: MSG.passwordMismatch });
export type PasswordChangeBody = z.input<typeof passwordChangeBody>;

/** Profile confirmation: every field required, at least 2 interests, each with its exact Russian text. */
export const confirmBody = z.object({
  company_name: z.string({ error: MSG.emptyField }).trim().min(1, { error: MSG.emptyField }).max(200),
  company_people_count: z.enum(COMPANY_SIZES, { error: MSG.chooseFromList }),
  position: z.string({ error: MSG.chooseFromList }).trim().min(1, { error: MSG.chooseFromList }).max(150),
  profession_area: z.string({ error: MSG.emptyField }).trim().min(1, { error: MSG.emptyField }).max(150),
  profileTag: z.array(z.string().max(100), { error: MSG.minInterests }).min(MIN_INTERESTS, { error: MSG.minInterests }).max(30),
});
export type ConfirmBody = z.input<typeof confirmBody>;

/** What one member sees of another (the person page). */
export const person = z.object({
  id: z.number().int(),
  name: z.string(),
  family: z.string(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  city_name: z.string().nullable(),
  account_type_title: z.string(),
  is_team_lead: z.boolean(),
});
export type Person = z.infer<typeof person>;

export { emailField };
