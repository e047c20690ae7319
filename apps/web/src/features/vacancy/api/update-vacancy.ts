import type { Vacancy, VacancyUpdateBody } from '@hr/contract';
import { apiSend, fetchCsrfCookie } from '@/shared/api/api-client.ts';

/** PUT /api/vacancy/{id} — the fields sent change; `status: published` publishes or reopens. */
export async function updateVacancy(id: number, body: VacancyUpdateBody) {
  await fetchCsrfCookie();
  return apiSend<Vacancy>('PUT', `/api/vacancy/${id}`, body);
}
