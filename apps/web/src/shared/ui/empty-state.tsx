import { Paper, Stack, Text, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

type EmptyStateProps = {
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  /**
   * 1: the block is the page (a member not found, a closed vacancy); 2: a page's list is empty or
   * failed (the default); 3: a panel's list inside a page (the back office).
   */
  headingLevel?: 1 | 2 | 3;
  /** The icon's tint; the brand colour unless given. */
  color?: MantineColor;
};

const LOOK = {
  1: { icon: 72, glyph: 36, fz: { base: 22, sm: 28 }, p: { base: 'lg', sm: 48 }, maw: 620, text: 'md' },
  2: { icon: 56, glyph: 28, fz: 22, p: { base: 'lg', sm: 40 }, maw: 560, text: undefined },
  3: { icon: 52, glyph: 26, fz: 18, p: 'xl', maw: 520, text: 'sm' },
} as const;

/** «Nothing here yet», «not found», «could not load», «closed»: an icon, one heading, why, and what to do next. */
export function EmptyState({ icon: Icon, title, text, action, headingLevel = 2, color = 'brand' }: EmptyStateProps) {
  const look = LOOK[headingLevel];
  return (
    <Paper withBorder radius="lg" p={look.p} bg="var(--mantine-color-body)" data-testid="empty-state">
      <Stack align="center" ta="center" gap={headingLevel === 1 ? 'md' : 'sm'} maw={look.maw} mx="auto">
        <ThemeIcon size={look.icon} radius={look.icon / 2} variant="light" color={color} aria-hidden>
          <Icon size={look.glyph} stroke={1.6} />
        </ThemeIcon>
        <Title order={headingLevel} fz={look.fz}>
          {title}
        </Title>
        {text ? (
          <Text c="dimmed" size={look.text}>
            {text}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Paper>
  );
}
