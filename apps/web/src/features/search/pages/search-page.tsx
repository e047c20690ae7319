import { Badge, Group, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ComingSoon } from '@/shared/ui/coming-soon.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';

export function SearchPage({ cityTitle }: { cityTitle?: (value: string) => string | undefined }) {
  const [params] = useSearchParams();
  const text = params.get('text')?.trim() ?? '';
  const cities = params.getAll('search_city[]').map((value) => cityTitle?.(value) ?? value);
  return (
    <PageSection title="Поиск кандидатов">
      {text || cities.length > 0 ? (
        <Group gap="xs" aria-label="Ваш запрос">
          <Text size="sm" c="dimmed">
            Ваш запрос:
          </Text>
          {text ? (
            <Badge variant="light" size="lg" radius="sm" tt="none">
              {text}
            </Badge>
          ) : null}
          {cities.map((city) => (
            <Badge key={city} variant="outline" size="lg" radius="sm" tt="none">
              {city}
            </Badge>
          ))}
        </Group>
      ) : null}
      <ComingSoon
        icon={IconSearch}
        title="Результаты поиска скоро появятся"
        description="Поиск по базе резюме клуба сейчас в работе. Он будет понимать русскую морфологию, фильтры по городу, опыту, зарплате и графику, а участники с расширенным доступом смогут искать по нескольким городам сразу."
      />
    </PageSection>
  );
}
