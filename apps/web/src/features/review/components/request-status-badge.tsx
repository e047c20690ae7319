import { REVIEW_REQUEST_STATUS_TITLES, type ReviewRequestStatus } from '@hr/contract';
import { Badge } from '@mantine/core';

const COLORS: Record<ReviewRequestStatus, { color: string; text: string }> = {
  pending: { color: 'brand', text: '#1f4f86' },
  answered: { color: 'teal', text: '#0b6b4f' },
  declined: { color: 'orange', text: '#9a3c00' },
  expired: { color: 'gray', text: '#3d4753' },
};

export function RequestStatusBadge({ status }: { status: ReviewRequestStatus }) {
  const { color, text } = COLORS[status];
  return (
    <Badge variant="light" color={color} c={text} radius="sm" data-status={status} style={{ flexShrink: 0 }}>
      {REVIEW_REQUEST_STATUS_TITLES[status]}
    </Badge>
  );
}
