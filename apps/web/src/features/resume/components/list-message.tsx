import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

type ListMessageProps = {
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  title: string;
  text: ReactNode;
  action?: ReactNode;
};

/** An empty or failed list: an icon, a line, what to do next. */
export function ListMessage({ icon: Icon, title, text, action }: ListMessageProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
      <Stack align="center" ta="center" gap="sm" maw={560} mx="auto">
        <ThemeIcon size={56} radius={28} variant="light" color="brand" aria-hidden>
          <Icon size={28} stroke={1.6} />
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
