import { List, Stack, Text, Title } from '@mantine/core';
import { PageSection } from '@/shared/ui/page-section.tsx';

/** `/personal-data`: what the consent under a reply form (and registration) agrees to. */
export function PersonalDataPage() {
  return (
    <PageSection size="md" title="Политика обработки персональных данных">
      <Stack gap="md" maw="72ch">
        <Text>
          Отправляя отклик на вакансию или регистрируясь в HR-клубе, вы соглашаетесь на обработку персональных данных в соответствии с
          Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных данных».
        </Text>
        <Title order={2} fz={20}>
          Какие данные мы обрабатываем
        </Title>
        <List spacing={4}>
          <List.Item>ФИО, телефон, адрес электронной почты, город;</List.Item>
          <List.Item>текст резюме, сопроводительное письмо и приложенный файл резюме;</List.Item>
          <List.Item>время согласия и IP-адрес, с которого оно дано.</List.Item>
        </List>
        <Title order={2} fz={20}>
          Зачем
        </Title>
        <Text>
          Чтобы передать отклик работодателю, разместившему вакансию, и его команде, чтобы они могли связаться с вами, и чтобы сообщать вам
          о решении по отклику. Данные отклика не показываются другим участникам клуба.
        </Text>
        <Title order={2} fz={20}>
          Сроки и отзыв согласия
        </Title>
        <Text>
          Данные хранятся, пока это нужно для подбора, но не дольше трёх лет. Отозвать согласие и попросить удалить данные можно письмом на
          info@hr-club.ru — мы ответим в течение 10 рабочих дней.
        </Text>
      </Stack>
    </PageSection>
  );
}
