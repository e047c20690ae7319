/**
 * What the requester may forward to the addressee by messenger. Not the answer link: it carries
 * the request's secret token, which only the addressee's letter holds (docs/decisions.md, «A
 * reference is attributed, and its link is the addressee's alone»), so the reminder points to that
 * letter and names the club's site.
 */
export function requestReminderText(request: { name: string; email: string }, candidate: string, site: string): string {
  return (
    `Здравствуйте, ${request.name}! Через HR-клуб (${site}) вам отправлен запрос рекомендации о кандидате ${candidate}. ` +
    `Ссылка на анкету — в письме на ${request.email}; если его нет во «Входящих», проверьте папку «Спам».`
  );
}
