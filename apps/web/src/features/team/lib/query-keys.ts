import { candidatesQueryKey } from '../api/find-candidates.ts';
import { teamQueryKey } from '../api/get-team.ts';

/** Query keys of the team: an invite, an answer or a leave invalidates `teamKeys.all`. */
export const teamKeys = {
  all: ['team'] as const,
  team: teamQueryKey,
  candidates: candidatesQueryKey,
};
