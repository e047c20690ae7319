import type { AccessFlag } from '@hr/contract/access';
import { accessQueryKey } from '../api/get-access.ts';
import { profileQueryKey } from '../api/get-profile.ts';

/** Query keys of the signed-in user; logout removes `userKeys.all`, a flag change invalidates both access prefixes. */
export const userKeys = {
  all: ['user'] as const,
  profiles: ['user', 'profile'] as const,
  profile: profileQueryKey,
  accesses: ['user', 'access'] as const,
  access: accessQueryKey,
  accessFlags: ['user', 'access-flag'] as const,
  accessFlag: (userId: number | undefined, flag: AccessFlag | 'teamLead') => ['user', 'access-flag', userId ?? 0, flag] as const,
};
