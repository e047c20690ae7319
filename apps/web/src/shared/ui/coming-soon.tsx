import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';

type ComingSoonProps = {
  title: string;
  description: ReactNode;
  icon?: ComponentType<{ size?: number | string; stroke?: number }>;
  /** Extra lines: what the section will let the user do. */
  points?: readonly string[];
  actions?: ReactNode;
};

/** An honest «section is on its way» state for pages whose content comes later. */
export function ComingSoon({ title, description, icon: Icon = IconClockHour4, points, actions }: ComingSoonProps) {
  return (
    <Paper className="coming-soon" withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="md" maw={620} mx="auto" ta="center">
        <ThemeIcon size={72} radius={36} variant="light" color="brand" aria-hidden>
          <Icon size={36} stroke={1.6} />
        </ThemeIcon>
        <Badge variant="light" color="orange" c="#9a3c00" size="lg" radius="sm">
          Раздел скоро появится
        </Badge>
        <Title order={2} fz={{ base: 22, sm: 28 }}>
          {title}
        </Title>
        <Text c="dimmed" size="md">
          {description}
        </Text>
        {points && points.length > 0 ? (
          <Stack gap={6} component="ul" className="coming-soon__points" ta="left">
            {points.map((point) => (
              <Text component="li" key={point} size="sm">
                {point}
              </Text>
            ))}
          </Stack>
        ) : null}
        <Group justify="center" gap="sm" mt="xs">
          {actions !== undefined ? (
            actions
          ) : (
            <Button component={Link} to="/" variant="light">
              На главную
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
