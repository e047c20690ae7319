import { Group, Stack, Text, Title } from '@mantine/core';

/** The heading of the search; visitors also read what the base is and that names open to members. */
export function SearchIntro({ visitor }: { visitor: boolean }) {
  return (
    <Stack gap={6}>
      {visitor ? <Text className="hero__eyebrow">Закрытый бизнес-клуб для HR-специалистов</Text> : null}
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={1} id="search-heading" className="search-hero__title">
          Поиск кандидатов
        </Title>
      </Group>
      {visitor ? (
        <Text className="search-hero__lead">
          База резюме HR-клуба с фильтрами и подсветкой совпадений. Имена, контакты и полные резюме открыты участникам клуба.
        </Text>
      ) : null}
    </Stack>
  );
}
