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
