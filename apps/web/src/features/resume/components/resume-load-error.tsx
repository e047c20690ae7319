import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';

/** The resume did not load (network, server): say so and offer a retry. */
export function ResumeLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Container size="sm" py={64}>
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius={28} variant="light" color="orange" aria-hidden>
            <IconWifiOff size={28} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz={24}>
            Не удалось загрузить резюме
          </Title>
          <Text c="dimmed">Проверьте подключение к интернету и попробуйте ещё раз.</Text>
          <Button onClick={onRetry} loading={retrying} leftSection={<IconRefresh size={18} />}>
            Повторить
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
