import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Nothing in favourites (or it failed to load): a line and what to do next. */
export function FavouriteEmpty({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
      <Stack align="center" ta="center" gap="sm" maw={560} mx="auto">
        <ThemeIcon size={56} radius={28} variant="light" color="yellow" aria-hidden>
          <IconStar size={28} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz={22}>
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {action}
      </Stack>
    </Paper>
  );
}
