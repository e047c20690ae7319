import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type PageSectionProps = {
  title?: string;
  subtitle?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
};

/** The usual page frame: a heading and the content below it. */
export function PageSection({ title, subtitle, children, size = 'xl' }: PageSectionProps) {
  return (
    <Container size={size} py={{ base: 'lg', sm: 40 }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        {title ? (
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 34 }}>
              {title}
            </Title>
            {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
          </Stack>
        ) : null}
        {children}
      </Stack>
    </Container>
  );
}
