import { SimpleGrid, Stack, Text, Title } from '@mantine/core';

const STEPS = [
  { title: 'Ищите кандидатов', text: 'Поиск по базе резюме клуба с фильтрами по городу, опыту, зарплате и навыкам.' },
  { title: 'Размещайте заявки на вакансии', text: 'Публикуйте вакансию — кандидаты откликнутся по ссылке, а отклики придут в кабинет.' },
  {
    title: 'Узнавайте мнение коллег',
    text: 'Читайте отзывы участников клуба о кандидатах и запрашивайте рекомендации у бывших работодателей.',
  },
] as const;

export function HowItWorks() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
      {STEPS.map((step, index) => (
        <Stack key={step.title} gap={8} className="step">
          <Text className="step__number" aria-hidden>
            {String(index + 1).padStart(2, '0')}
          </Text>
          <Title order={3} fz={19}>
            {step.title}
          </Title>
          <Text size="sm" c="dimmed">
            {step.text}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
