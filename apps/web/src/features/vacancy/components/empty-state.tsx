import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type EmptyStateProps = { icon: Icon; title: string; text?: ReactNode; action?: ReactNode; headingLevel?: 1 | 2 | 3 };

/** A calm block for «nothing here yet», «not found» and «closed». */
export function EmptyState({ icon: IconView, title, text, action, headingLevel = 2 }: EmptyStateProps) {
  return (
    <Card withBorder radius="lg" padding="xl" className="vacancy-empty">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="brand" aria-hidden>
          <IconView size={28} stroke={1.5} />
        </ThemeIcon>
        <Title order={headingLevel} fz={headingLevel === 1 ? 24 : 20}>
          {title}
        </Title>
        {text ? (
          <Text c="dimmed" maw={520}>
            {text}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Card>
  );
}
