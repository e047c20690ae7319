import type { Vacancy, VacancyCreateBody } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/vacancy — needs has_vacancy (403); 422 per field. */
export function createVacancy(body: VacancyCreateBody) {
  return postWithCsrf<Vacancy>('/api/vacancy', body);
}
