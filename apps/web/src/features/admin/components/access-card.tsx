import { ACCESS_FLAG_TITLES, ACCESS_FLAGS, ACCOUNT_TYPES, type AccessFlag, type AdminUser } from '@hr/contract';
import { Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { useSetAccountType } from '../api/set-account-type.ts';
import { useSetUserFlags } from '../api/set-flags.ts';
import { handleAdminCommandError } from '../lib/admin-errors.ts';
import { notifyDone } from '../lib/notify.ts';

type AccountType = AdminUser['account_type'];
const TYPE_OPTIONS = Object.entries(ACCOUNT_TYPES).map(([value, label]) => ({ value, label }));

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Account type and access flags: effective at once, the user's cached access included. */
export function AccessCard({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const setType = useSetAccountType(user.id);
  const setFlags = useSetUserFlags(user.id);
  const [type, setTypeValue] = useState<AccountType>(user.account_type);
  const [flags, setFlagsValue] = useState<string[]>(user.flags);

  useEffect(() => setTypeValue(user.account_type), [user.account_type]);
  useEffect(() => setFlagsValue(user.flags), [user.flags]);

  const saveType = () => {
    const send = () =>
      setType.mutate(
        { account_type: type },
        {
          onSuccess: (answer) => notifyDone(answer.message, 'Тип учётной записи изменён'),
          onError: (error) => handleAdminCommandError(error),
        },
      );
    // Giving or taking the back office is the one type change worth a second look.
    if (type === 'admin' || user.account_type === 'admin') {
      showConfirmDialog({
        title: type === 'admin' ? 'Сделать администратором?' : 'Снять права администратора?',
        children: (
          <Text size="sm">
            {type === 'admin'
              ? `${user.fio} получит доступ ко всем разделам администрирования, включая персональные данные.`
              : `${user.fio} потеряет доступ к разделам администрирования.`}
          </Text>
        ),
        confirmLabel: 'Изменить тип',
        cancelLabel: 'Отмена',
        onConfirm: send,
      });
    } else send();
  };

  const saveFlags = () =>
    setFlags.mutate(
      { flags: flags as AccessFlag[] },
      { onSuccess: (answer) => notifyDone(answer.message, 'Опции доступа сохранены'), onError: (error) => handleAdminCommandError(error) },
    );

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={2} fz={18}>
            Тип учётной записи
          </Title>
          <Group gap="sm" align="flex-end">
            <Select
              label="Тип"
              data={TYPE_OPTIONS}
              value={type}
              onChange={(value) => value && setTypeValue(value as AccountType)}
              allowDeselect={false}
              disabled={isSelf}
              w={{ base: '100%', xs: 240 }}
            />
            <Button onClick={saveType} disabled={isSelf || type === user.account_type} loading={setType.isPending}>
              Сохранить тип
            </Button>
          </Group>
          {isSelf ? (
            <Text size="sm" c="dimmed">
              Свой тип учётной записи изменить нельзя.
            </Text>
          ) : null}
        </Stack>
        <Stack gap="sm">
          <Title order={2} fz={18}>
            Опции доступа
          </Title>
          <Checkbox.Group
            value={flags}
            onChange={setFlagsValue}
            label="Что доступно пользователю"
            description="Участник команды получает платные опции руководителя, пока состоит в команде"
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
              {ACCESS_FLAGS.map((flag) => (
                <Checkbox key={flag} value={flag} label={ACCESS_FLAG_TITLES[flag]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group>
            <Button onClick={saveFlags} disabled={sameSet(flags, user.flags)} loading={setFlags.isPending}>
              Сохранить опции
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Card>
  );
}
