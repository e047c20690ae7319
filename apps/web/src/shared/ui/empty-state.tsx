import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

type EmptyStateProps = {
  title: string;
  description: ReactNode;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  actions?: ReactNode;
};

/** A page with nothing to show (a member not found…): one heading, why, and where to go next. */
export function EmptyState({ title, description, icon: Icon, actions }: EmptyStateProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} data-testid="empty-state">
      <Stack align="center" gap="md" maw={620} mx="auto" ta="center">
        <ThemeIcon size={72} radius={36} variant="light" color="brand" aria-hidden>
          <Icon size={36} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {title}
        </Title>
        <Text c="dimmed" size="md">
          {description}
        </Text>
        {actions}
      </Stack>
    </Paper>
  );
}
