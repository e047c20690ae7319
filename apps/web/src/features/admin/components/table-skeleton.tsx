import { Skeleton, Stack } from '@mantine/core';

/** Grey rows while a table loads; announced once as a status. */
export function TableSkeleton({ label, rows = 6, height = 44 }: { label: string; rows?: number; height?: number }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={label}>
      <Skeleton height={36} radius="md" />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={index} height={height} radius="md" />
      ))}
    </Stack>
  );
}
