import { Skeleton, Stack } from '@mantine/core';

/** Grey cards while the first page loads. */
export function CardListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Загрузка резюме">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={index} className="resume-card" aria-hidden>
          <Stack gap={10} style={{ flex: 1 }}>
            <Skeleton height={20} width="55%" radius="sm" />
            <Skeleton height={12} width="35%" radius="sm" />
            <Skeleton height={12} width="80%" radius="sm" />
            <Skeleton height={10} width="25%" radius="sm" />
          </Stack>
        </div>
      ))}
    </Stack>
  );
}
