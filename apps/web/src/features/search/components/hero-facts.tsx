import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandTelegram, IconCalendarEvent, IconMessageCircleStar } from '@tabler/icons-react';

const FACTS = [
  { icon: IconCalendarEvent, value: '40+', text: 'мероприятий клуба в год' },
  { icon: IconBrandTelegram, value: 'HR-облако', text: 'Telegram-бот для уведомлений и входа' },
  { icon: IconMessageCircleStar, value: 'Отзывы', text: 'коллег о кандидатах перед наймом' },
] as const;

/** The club in three lines, beside the hero title on wide screens. */
export function HeroFacts() {
  return (
    <Paper className="hero-facts" radius="lg" p="lg" withBorder>
      <Stack gap="md">
        {FACTS.map(({ icon: Icon, value, text }) => (
          <Group key={value} gap="md" wrap="nowrap">
            <ThemeIcon size={44} radius="md" variant="light" color="brand" aria-hidden>
              <Icon size={24} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={0}>
              <Text fw={800} fz={20} lh={1.2} className="hero-facts__value">
                {value}
              </Text>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
