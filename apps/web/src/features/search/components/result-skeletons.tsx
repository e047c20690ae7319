import { Skeleton, Stack } from '@mantine/core';

/** Grey cards on the first load of a search. */
export function ResultSkeletons({ count = 5 }: { count?: number }) {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Загрузка результатов">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={index} className="result-skeleton" aria-hidden>
          <Skeleton height={20} width="50%" radius="sm" />
          <Skeleton height={12} width="30%" radius="sm" mt={12} />
          <Skeleton height={12} width="85%" radius="sm" mt={10} />
          <Skeleton height={12} width="70%" radius="sm" mt={8} />
          <Skeleton height={10} width="22%" radius="sm" mt={14} />
        </div>
      ))}
    </Stack>
  );
}
