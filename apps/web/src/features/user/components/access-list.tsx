import type { AccessFlag } from '@hr/contract';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { useAccessFlag } from '../api/get-access-flag.ts';

const OPTIONS: readonly { flag: AccessFlag; title: string; text: string }[] = [
  { flag: 'open_contact', title: 'Открытие контактов кандидатов', text: 'Телефон, e-mail и Telegram кандидата в резюме' },
  { flag: 'commerce_account', title: 'Коммерческий аккаунт', text: 'Без дневного лимита на открытие контактов, выгрузка списков' },
  { flag: 'has_vacancy', title: 'Заявки на вакансии', text: 'Создание вакансий и работа с откликами' },
  { flag: 'mass_search', title: 'Массовый поиск', text: 'Несколько городов сразу, выгрузка результатов' },
  { flag: 'spec_search', title: 'Расширенный поиск', text: 'Язык запросов И/ИЛИ/НЕ и поиск по прежнему работодателю' },
  { flag: 'team_lead', title: 'Руководитель команды', text: 'Своя команда: коллеги получают ваши возможности, общее избранное и вакансии' },
];

function AccessRow({ flag, title, text }: (typeof OPTIONS)[number]) {
  const enabled = useAccessFlag(flag);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-flag={flag} data-enabled={enabled}>
      <ThemeIcon size={26} radius="xl" variant={enabled ? 'filled' : 'light'} color={enabled ? 'teal' : 'gray'} aria-hidden>
        {enabled ? <IconCheck size={16} /> : <IconMinus size={16} />}
      </ThemeIcon>
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {title}
          <Text span size="xs" fw={500} c={enabled ? 'teal.9' : 'dimmed'} ml={8}>
            {enabled ? 'подключено' : 'не подключено'}
          </Text>
        </Text>
        <Text size="xs" c="dimmed">
          {text}
        </Text>
      </Stack>
    </Group>
  );
}

/** The user's options (SEED 6 access flags) as the cabinet shows them. */
export function AccessList() {
  return (
    <Stack gap="md">
      {OPTIONS.map((option) => (
        <AccessRow key={option.flag} {...option} />
      ))}
    </Stack>
  );
}
