import { fillTemplate, type StageKind, type TemplateKind, type TemplateValues } from '@hr/contract';

/** Text with `{{key}}` put in place of the selection; the caret goes right after it. */
export function insertPlaceholder(text: string, start: number, end: number, key: string): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const token = `{{${key}}}`;
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}

/** The values the editor's preview shows (a made-up candidate and interview; the member's own name). */
export function sampleValues(member: { name: string; family: string; company?: string | null }): TemplateValues {
  return {
    first_name: 'Анна',
    vacancy: 'Менеджер по подбору персонала',
    company: member.company || 'ООО «Пример»',
    interview_at: '12 марта 2026 г. в 11:00',
    place: 'Москва, Тверская улица, 1',
    member: `${member.name} ${member.family}`.trim() || 'Ольга Смирнова',
  };
}

/** The preview of a template with sample values. */
export const previewOf = (subject: string, body: string, values: TemplateValues) => ({
  subject: fillTemplate(subject, values),
  body: fillTemplate(body, values),
});

/** The kind of letter that fits a move: a rejection for «Отказ», an invitation for an interview stage, thanks otherwise. */
export function letterKindFor(stage: { kind: StageKind; title: string } | undefined): TemplateKind {
  if (!stage) return 'thanks';
  if (stage.kind === 'rejected') return 'reject';
  if (stage.kind === 'active' && /интервью|собеседован|встреч/i.test(stage.title)) return 'invite';
  return 'thanks';
}

/** The template a move starts with: the member's own of that kind, else the team's, else the club's. */
export function templateFor<T extends { id: number; kind: TemplateKind; own: boolean; owner: unknown }>(
  list: readonly T[],
  kind: TemplateKind,
): T | undefined {
  const ofKind = list.filter((t) => t.kind === kind);
  return ofKind.find((t) => t.own) ?? ofKind.find((t) => t.owner !== null) ?? ofKind[0] ?? list[0];
}
