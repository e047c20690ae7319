import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAddressBook, IconBrandTelegram, IconCalendarEvent, IconUsersGroup } from '@tabler/icons-react';
import { useTelegramEnabled } from '@/features/telegram/api/telegram-config.ts';

const BENEFITS = [
  {
    icon: IconAddressBook,
    title: 'Каталог экспертов',
    text: 'Справочник коллег по направлениям HR: найдите того, кто уже решал вашу задачу, — от оценки персонала до C&B.',
  },
  {
    icon: IconUsersGroup,
    title: 'Нетворкинг',
    text: 'Закрытое сообщество HR-директоров и рекрутеров: рекомендации кандидатов, подрядчиков и честные отзывы.',
  },
  {
    icon: IconBrandTelegram,
    telegram: true,
    title: 'HR-облако',
    text: 'Telegram-бот клуба: уведомления об откликах и отзывах, коды для входа и быстрый доступ к сервисам.',
  },
  {
    icon: IconCalendarEvent,
    title: 'Более 40 мероприятий в год',
    text: 'Встречи клуба, мастер-классы, конференции и разборы кейсов с практиками рынка труда.',
  },
] as const;

/** The HR cloud is named only where the club's bot is set up. */
export function ClubBenefits() {
  const telegram = useTelegramEnabled();
  const benefits = BENEFITS.filter((benefit) => telegram || !('telegram' in benefit));
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: benefits.length }} spacing="lg">
      {benefits.map(({ icon: Icon, title, text }) => (
        <Card key={title} radius="lg" padding="lg" withBorder className="benefit-card">
          <ThemeIcon size={48} radius="md" variant="light" color="brand" aria-hidden>
            <Icon size={26} stroke={1.6} />
          </ThemeIcon>
          <Title order={3} fz={18} mt="md" mb={6}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
