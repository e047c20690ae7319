/** /vacancy/templates: the member's and the team's message templates (being built). */
export function TemplatesPage() {
  return null;
}
