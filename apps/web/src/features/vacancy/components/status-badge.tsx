import type { Stage, StageKind } from '@hr/contract';
import { VACANCY_STATUS_TITLES, type VacancyStatus } from '@hr/contract/vacancy';
import { Badge } from '@mantine/core';

const VACANCY_COLORS: Record<VacancyStatus, string> = { draft: 'gray', published: 'teal', closed: 'red' };
const STAGE_COLORS: Record<StageKind, string> = { new: 'brand', active: 'teal', rejected: 'red', hired: 'grape' };
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

/** A reply's stage by its name, coloured by its kind (a new reply filled, a rejection red, a hire purple). */
export function StageBadge({ stage }: { stage: Pick<Stage, 'title' | 'kind'> }) {
  const color = STAGE_COLORS[stage.kind];
  return (
    <Badge
      variant={stage.kind === 'new' ? 'filled' : 'light'}
      color={color}
      c={stage.kind === 'new' ? 'white' : TEXT[color]}
      radius="sm"
      tt="none"
      fw={600}
      className="status-badge"
    >
      {stage.title}
    </Badge>
  );
}
