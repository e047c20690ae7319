import { Skeleton, Stack } from '@mantine/core';

/** Grey cards while a list loads; announced once as a status. */
export function ListSkeleton({ label, count = 3, height = 120 }: { label: string; count?: number; height?: number }) {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={index} height={height} radius="lg" />
      ))}
    </Stack>
  );
}
