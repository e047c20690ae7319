/** /vacancy/:id/analytics (being built). */
export function VacancyAnalyticsPage() {
  return null;
}
