import type { TeamInviteAnswer } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/user/team/invite {id, status: 1 accept | 0 decline} (SEED 4). */
export function answerInvite(id: number, status: 0 | 1) {
  return postWithCsrf<TeamInviteAnswer>('/api/user/team/invite', { id, status });
}
