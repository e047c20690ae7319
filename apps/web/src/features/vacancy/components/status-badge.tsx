import { REPLY_STATUS_TITLES, type ReplyStatus, VACANCY_STATUS_TITLES, type VacancyStatus } from '@hr/contract/vacancy';
import { Badge } from '@mantine/core';

const VACANCY_COLORS: Record<VacancyStatus, string> = { draft: 'gray', published: 'teal', closed: 'red' };
const REPLY_COLORS: Record<ReplyStatus, string> = { new: 'brand', viewed: 'gray', invited: 'teal', rejected: 'red', hired: 'grape' };
/** Darker text on the light badges keeps WCAG AA contrast. A badge is as wide as its word (`.status-badge`): never «Нов…». */
const TEXT: Record<string, string> = { gray: '#3b4450', teal: '#0b5e4f', red: '#a11d1d', brand: '#223d5e', grape: '#6b2176' };

export function VacancyStatusBadge({ status }: { status: VacancyStatus }) {
  const color = VACANCY_COLORS[status];
  return (
    <Badge variant="light" color={color} c={TEXT[color]} radius="sm" tt="none" fw={600} className="status-badge">
      {VACANCY_STATUS_TITLES[status]}
    </Badge>
  );
}

export function ReplyStatusBadge({ status, title }: { status: ReplyStatus; title?: string }) {
  const color = REPLY_COLORS[status];
  return (
    <Badge
      variant={status === 'new' ? 'filled' : 'light'}
      color={color}
      c={status === 'new' ? 'white' : TEXT[color]}
      radius="sm"
      tt="none"
      fw={600}
      className="status-badge"
    >
      {title ?? REPLY_STATUS_TITLES[status]}
    </Badge>
  );
}
