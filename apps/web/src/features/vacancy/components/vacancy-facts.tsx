import type { VacancyPublic } from '@hr/contract';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';

type Row = { label: string; value: string | null | undefined };

/** Conditions as a definition list; empty ones are left out. */
export function VacancyFacts({ vacancy }: { vacancy: VacancyPublic }) {
  const rows: Row[] = [
    { label: 'Опыт работы', value: vacancy.experience?.title },
    { label: 'Занятость', value: vacancy.workingType?.title },
    { label: 'График', value: vacancy.schedule?.title },
    { label: 'Образование', value: vacancy.education?.title },
    { label: 'Профессиональная роль', value: vacancy.role?.title },
    { label: 'Адрес', value: [vacancy.city?.title, vacancy.address].filter(Boolean).join(', ') || null },
  ].filter((row) => row.value);

  return (
    <Stack gap="lg">
      {rows.length > 0 ? (
        <dl className="vacancy-facts">
          {rows.map((row) => (
            <div key={row.label} className="vacancy-facts__row">
              <Text component="dt" size="sm" c="dimmed">
                {row.label}
              </Text>
              <Text component="dd" size="sm" fw={500}>
                {row.value}
              </Text>
            </div>
          ))}
        </dl>
      ) : null}
      {vacancy.skills.length > 0 ? (
        <Stack gap="xs" component="section" aria-labelledby="vacancy-skills-title">
          <Title order={2} fz={18} id="vacancy-skills-title">
            Ключевые навыки
          </Title>
          <Group gap={8} component="ul" className="vacancy-plain-list">
            {vacancy.skills.map((skill) => (
              <Badge key={skill} component="li" variant="light" color="gray" c="#1d2733" radius="sm" size="lg" tt="none" fw={500}>
                {skill}
              </Badge>
            ))}
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
