import { z } from 'zod';

/** SEED 3 access flags; every one defaults to false. `teamLead` mirrors `team_lead`. */
export const ACCESS_FLAGS = [
  'team_lead',
  'not_reply_notify',
  'report_reply_notify',
  'open_contact',
  'commerce_account',
  'has_vacancy',
  'mass_search',
  'spec_search',
] as const;
export type AccessFlag = (typeof ACCESS_FLAGS)[number];

/** Flags a team member inherits from its lead (PRODUCT 2). */
export const PAID_FLAGS: readonly AccessFlag[] = ['open_contact', 'commerce_account', 'has_vacancy', 'mass_search', 'spec_search'];

/**
 * What a club resident gets (SEED 6: «Club resident: gets paid options»; PRODUCT 2): the paid options
 * a member uses day to day. `commerce_account` (a company's unlimited account with exports) is a
 * separate purchase, not residency. An admin's approval of residency sets these flags.
 */
export const RESIDENT_FLAGS = ['open_contact', 'has_vacancy', 'mass_search', 'spec_search'] as const satisfies readonly AccessFlag[];
export type ResidentFlag = (typeof RESIDENT_FLAGS)[number];

/** The resident options in a member's words (the cabinet, the approval notification, the registration box). */
export const RESIDENT_FLAG_TITLES: Record<ResidentFlag, string> = {
  open_contact: 'имена и контакты кандидатов',
  has_vacancy: 'заявки на вакансии и отклики',
  mass_search: 'поиск по нескольким городам и выгрузка результатов',
  spec_search: 'расширенный язык запросов',
};

/** «имена и контакты кандидатов, заявки на вакансии и отклики, …». */
export const RESIDENT_GIVES = RESIDENT_FLAGS.map((f) => RESIDENT_FLAG_TITLES[f]).join(', ');

/** Flags the client never caches (SEED 6); in constants.ts, so the client reads them without zod. */
export { ALWAYS_FRESH_FLAGS } from './constants.ts';

export const accessFlagName = z.enum([...ACCESS_FLAGS, 'teamLead']);
export const accessMap = z.object({
  teamLead: z.boolean(),
  ...Object.fromEntries(ACCESS_FLAGS.map((f) => [f, z.boolean()])),
}) as z.ZodObject<Record<AccessFlag | 'teamLead', z.ZodBoolean>>;
export type AccessMap = Record<AccessFlag | 'teamLead', boolean>;

export const ACCOUNT_TYPES = { basic: 'Базовый', resident: 'Резидент клуба', admin: 'Администратор' } as const;
export type AccountType = keyof typeof ACCOUNT_TYPES;
export const accountType = z.enum(['basic', 'resident', 'admin']);
