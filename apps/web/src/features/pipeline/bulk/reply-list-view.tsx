import type { StageWithCount } from '@hr/contract';

/** The replies as a list with selection and bulk actions (being built). */
export function ReplyListView(_props: { vacancyId: number; stages: StageWithCount[] }) {
  return null;
}
