import { Paper, Skeleton, Stack } from '@mantine/core';

/** The list's shape while it loads: cards of the size the saved searches will be. */
const ROWS = ['first', 'second', 'third'] as const;

export function AutosearchSkeletons() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Загрузка автопоисков">
      {ROWS.map((row) => (
        <Paper key={row} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Skeleton height={22} width="55%" radius="sm" />
            <Skeleton height={14} width="80%" radius="sm" />
            <Skeleton height={14} width="45%" radius="sm" />
            <Skeleton height={34} width={110} radius="md" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
