import type { ImportJob } from '@hr/contract';
import { Badge, Loader } from '@mantine/core';

const COLORS: Record<ImportJob['status'], string> = { queued: 'gray', running: 'brand', done: 'teal', failed: 'red' };

export function ImportStatusBadge({ job }: { job: Pick<ImportJob, 'status' | 'status_title'> }) {
  const moving = job.status === 'queued' || job.status === 'running';
  return (
    <Badge
      variant="light"
      color={COLORS[job.status]}
      c="dark.7"
      radius="sm"
      leftSection={moving ? <Loader size={10} aria-hidden /> : null}
      // The whole status, never «Зав…»: the badge keeps its width however narrow the column.
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {job.status_title}
    </Badge>
  );
}
