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
});
export type MainInfo = z.infer<typeof mainInfo>;
