import { Button, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

type ErrorScreenProps = {
  code?: string;
  title: string;
  text: ReactNode;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  actions?: ReactNode;
};

export function ErrorScreen({ code, title, text, icon: Icon, actions }: ErrorScreenProps) {
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={84} radius={42} variant="light" color="brand" aria-hidden>
          <Icon size={42} stroke={1.5} />
        </ThemeIcon>
        {code ? (
          <Text className="error-code" aria-hidden>
            {code}
          </Text>
        ) : null}
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {title}
        </Title>
        <Text c="dimmed" maw={480}>
          {text}
        </Text>
        <Group justify="center" mt="sm">
          {actions ?? (
            <Button component="a" href="/">
              На главную
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
