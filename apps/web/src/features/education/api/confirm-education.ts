import type { EducationConfirmAnswer } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/user/education/message/{id} — the user went to the announcement (SEED 4). */
export function confirmEducation(id: number) {
  return postWithCsrf<EducationConfirmAnswer>(`/api/user/education/message/${id}`);
}
