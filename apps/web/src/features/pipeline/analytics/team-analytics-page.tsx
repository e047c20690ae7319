/** /vacancy/analytics (being built). */
export function TeamAnalyticsPage() {
  return null;
}
