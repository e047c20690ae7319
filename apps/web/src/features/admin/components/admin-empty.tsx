import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type AdminEmptyProps = { icon: Icon; title: string; text?: ReactNode; action?: ReactNode };

/** «Nothing here», «nothing found» and «could not load» of every back-office list. */
export function AdminEmpty({ icon: IconView, title, text, action }: AdminEmptyProps) {
  return (
    <Card withBorder radius="lg" padding="xl" className="admin-empty">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" color="brand" aria-hidden>
          <IconView size={26} stroke={1.5} />
        </ThemeIcon>
        <Title order={3} fz={18}>
          {title}
        </Title>
        {text ? (
          <Text c="dimmed" maw={520} size="sm">
            {text}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Card>
  );
}

/** The list failed to load (handleErrorWithRedirect has already shown why). */
export function LoadFailed({ icon, what }: { icon: Icon; what: string }) {
  return <AdminEmpty icon={icon} title={`Не удалось загрузить ${what}`} text="Проверьте подключение и обновите страницу." />;
}
