import type { EducationRemindAnswer } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/user/education/message/{id}/remind — «Напомнить позже»: shown again the next day. */
export function remindEducationLater(id: number) {
  return postWithCsrf<EducationRemindAnswer>(`/api/user/education/message/${id}/remind`);
}
