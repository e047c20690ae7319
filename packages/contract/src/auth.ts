import { z } from 'zod';
import { COMPANY_SIZES, PASSWORD_MIN, ERROR_REPORT_MAX } from './constants.ts';
import { MSG } from './messages.ts';
import { isValidPhone, PHONE_REFINE } from './phone.ts';
import { isValidTelegramNickname } from './nickname.ts';

const requiredString = (max = 255) =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .max(max, { error: `Не длиннее ${max} символов` });

export const emailField = requiredString(190).pipe(z.email({ error: MSG.emailInvalid }));

/** Laravel sends booleans from forms as strings now and then; accept the usual spellings. */
export const looseBoolean = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on');

export const loginBody = z.object({
  email: emailField,
  password: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(200),
  remember: looseBoolean.optional().default(false),
});
export type LoginBody = z.input<typeof loginBody>;

export const phoneField = requiredString(40).refine(isValidPhone, PHONE_REFINE);

export const passwordPair = {
  password: z.string({ error: MSG.required }).min(PASSWORD_MIN, { error: MSG.passwordShort }).max(200),
  password_confirmation: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
};

export const registerBody = z
  .object({
    fio: requiredString(150),
    email: emailField,
    phone: phoneField,
    // The rule sits on the string, before .nullish(): a rule after .optional() is skipped for a missing key.
    telegram_nickname: z
      .string({ error: MSG.nicknameInvalid })
      .trim()
      .max(64, { error: MSG.nicknameInvalid })
      .refine((v) => !v || isValidTelegramNickname(v), { error: MSG.nicknameInvalid })
      .nullish(),
    ...passwordPair,
    company: requiredString(200),
    position: requiredString(150),
    city_name: requiredString(150),
    company_people_count: z.enum(COMPANY_SIZES, { error: MSG.chooseFromList }),
    profession_area: z.string().trim().max(150).optional().nullable(),
    is_resident: looseBoolean.optional().default(false),
    has_consultation: looseBoolean.optional().default(false),
    user_token: z.string().trim().max(200).optional().nullable(),
  })
  .refine((b) => b.password === b.password_confirmation, { path: ['password_confirmation'], error: MSG.passwordMismatch });
export type RegisterBody = z.input<typeof registerBody>;

export const registerAnswer = z.object({
  /** Present when `user_token` pointed at an existing account: masked, for «Это ваш аккаунт?». */
  user: z.object({ email: z.string(), phone: z.string() }).optional(),
});
export type RegisterAnswer = z.infer<typeof registerAnswer>;

export const forgotBody = z.object({ email: emailField });
export const resetBody = z
  .object({ token: requiredString(200), email: emailField, ...passwordPair })
  .refine((b) => b.password === b.password_confirmation, { path: ['password_confirmation'], error: MSG.passwordMismatch });
export type ResetBody = z.input<typeof resetBody>;

export const loginCheckBody = z.object({ email: emailField });
/** Where the login code went: the masked e-mail, and the Telegram nickname when the bot sent it too. */
export const loginChannelList = z.object({ email: z.string(), tg: z.string().optional() });
export type LoginChannels = z.infer<typeof loginChannelList>;
export const loginChannels = z.object({ channels: loginChannelList });
export type LoginCheckAnswer = z.infer<typeof loginChannels>;

export const codeBody = z.object({
  code: z.union(
    [
      z.number().int(),
      z
        .string()
        .regex(/^\d{4}$/, { error: MSG.codeInvalid })
        .transform(Number),
    ],
    { error: MSG.codeInvalid },
  ),
});

export const authCheckBody = z.object({ _token: z.string().optional() }).passthrough();

export const errorReportBody = z.object({
  error: z.string().max(ERROR_REPORT_MAX.error).optional().default(''),
  info: z.string().max(ERROR_REPORT_MAX.info).optional().default(''),
  host: z.string().max(ERROR_REPORT_MAX.host).optional().default(''),
  path: z.string().max(ERROR_REPORT_MAX.path).optional().default(''),
  _token: z.string().optional(),
});
