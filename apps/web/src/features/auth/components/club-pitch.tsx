import { List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAddressBook, IconBrandTelegram, IconCalendarEvent, IconUsersGroup } from '@tabler/icons-react';
import { useTelegramEnabled } from '@/features/telegram/api/telegram-config.ts';

const POINTS = [
  {
    icon: IconAddressBook,
    title: 'Каталог экспертов',
    text: 'Справочник коллег по направлениям HR: у кого спросить совета и кого порекомендовать.',
  },
  {
    icon: IconUsersGroup,
    title: 'Нетворкинг',
    text: 'Закрытое сообщество HR-директоров и рекрутеров, обмен кандидатами и отзывами о них.',
  },
  {
    icon: IconBrandTelegram,
    telegram: true,
    title: 'HR-облако',
    text: 'Telegram-бот клуба: уведомления об откликах и коды для входа прямо в мессенджере.',
  },
  { icon: IconCalendarEvent, title: 'Более 40 мероприятий в год', text: 'Встречи, мастер-классы и разборы кейсов с практиками рынка.' },
] as const;

/** The left column of the registration popup (SEED popup 2); the HR cloud only where the bot is set up. */
export function ClubPitch({ compact = false }: { compact?: boolean }) {
  const telegram = useTelegramEnabled();
  const points = POINTS.filter((point) => telegram || !('telegram' in point));
  if (compact) {
    return (
      <Stack gap={4} className="club-pitch club-pitch--compact">
        <Text fw={700}>HR-клуб — закрытое сообщество HR-специалистов</Text>
        <Text size="sm">
          {telegram
            ? 'Каталог экспертов, нетворкинг, HR-облако в Telegram и более 40 мероприятий в год.'
            : 'Каталог экспертов, нетворкинг и более 40 мероприятий в год.'}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" className="club-pitch">
      <Stack gap={6}>
        <Text tt="uppercase" fz={12} fw={700} lts={1} className="club-pitch__eyebrow">
          Бизнес-клуб для HR
        </Text>
        <Title order={3} fz={26} lh={1.2}>
          Присоединяйтесь к HR-клубу
        </Title>
        <Text size="sm" className="club-pitch__lead">
          Поиск кандидатов, заявки на вакансии и отзывы коллег — в одном кабинете.
        </Text>
      </Stack>
      <List spacing="md" listStyleType="none" className="club-pitch__list">
        {points.map(({ icon: Icon, title, text }) => (
          <List.Item
            key={title}
            icon={
              <ThemeIcon size={36} radius="md" variant="white" color="brand" aria-hidden>
                <Icon size={20} stroke={1.6} />
              </ThemeIcon>
            }
          >
            <Text fw={600} size="sm">
              {title}
            </Text>
            <Text size="sm" className="club-pitch__text">
              {text}
            </Text>
          </List.Item>
        ))}
      </List>
      <Text size="xs" className="club-pitch__note">
        Часть возможностей бесплатна, часть доступна резидентам клуба. Отметьте «Прошу статус резидента клуба» — администратор рассмотрит
        заявку.
      </Text>
    </Stack>
  );
}
