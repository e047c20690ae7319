import { RichText } from '@/shared/ui/rich-text.tsx';

/** The stored description, through the client's allow-list, as React elements. */
export function VacancyDescription({ html, id }: { html: string; id?: string }) {
  return <RichText html={html} id={id} className="vacancy-description" />;
}
