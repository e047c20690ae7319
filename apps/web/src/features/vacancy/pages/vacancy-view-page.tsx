import { pageTitle } from '@hr/contract/constants';
import { Anchor, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconBriefcaseOff,
  IconBuilding,
  IconMapPin,
  IconSearch,
  IconSend,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { FIRST_SCREEN_TIME_ZONE, useHydrated } from '@/shared/lib/use-hydrated.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { isClosedStub, isTeamView, useVacancy } from '../api/get-vacancy.ts';
import { ReplyForm } from '../components/reply-form.tsx';
import { ReplySent } from '../components/reply-sent.tsx';
import { VacancyOwnerBar } from '../components/vacancy-owner-bar.tsx';
import { VacancyDescription } from '../components/vacancy-description.tsx';
import { VacancyFacts } from '../components/vacancy-facts.tsx';
import { formatDay, formatSalaryRange, repliesText } from '../lib/vacancy-format.ts';
import '../vacancy.css';

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="vacancy-public">
      <Container size="lg" py={{ base: 'md', sm: 40 }} px={{ base: 'md', sm: 'lg' }}>
        {children}
      </Container>
    </div>
  );
}

/** The server draws a visitor's page in Moscow's days; the visitor's own once hydrated (no mismatch). */
function PublishedDay({ at }: { at: string }) {
  const hydrated = useHydrated();
  return <>{formatDay(at, hydrated ? undefined : FIRST_SCREEN_TIME_ZONE)}</>;
}

/** `/vacancy/{id}`: the page a candidate gets by link — readable, printable, with the reply form. */
export function VacancyViewPage() {
  const id = Number(useParams().id);
  const { data, error, isPending } = useVacancy(id);
  const [sent, setSent] = useState<{ email: string } | null>(null);
  const missing = (isApiError(error) && (error.status === 404 || error.status === 422)) || !Number.isSafeInteger(id) || id < 1;

  useEffect(() => {
    if (error && !missing) handleErrorWithRedirect(error);
  }, [error, missing]);

  useEffect(() => {
    if (data) document.title = pageTitle(isClosedStub(data) ? `${data.title} — вакансия закрыта` : data.title);
    else if (missing) document.title = pageTitle('Вакансия не найдена');
  }, [data, missing]);

  if (missing) {
    return (
      <Frame>
        <EmptyState
          icon={IconSearch}
          title="Вакансия не найдена"
          headingLevel={1}
          text="Возможно, ссылка неполная или вакансию ещё не опубликовали."
          action={
            <Anchor component={Link} to="/">
              На главную
            </Anchor>
          }
        />
      </Frame>
    );
  }
  if (isPending || !data) {
    return (
      <Frame>
        <Stack gap="lg" role="status" aria-busy="true" aria-label="Загружаем вакансию">
          <Skeleton height={180} radius="lg" />
          <Skeleton height={360} radius="lg" />
        </Stack>
      </Frame>
    );
  }
  if (isClosedStub(data)) {
    return (
      <Frame>
        <EmptyState icon={IconBriefcaseOff} title={data.title} text={data.message || 'Вакансия закрыта'} headingLevel={1} />
      </Frame>
    );
  }

  const vacancy = data;
  const salary = formatSalaryRange(vacancy.salary_from, vacancy.salary_to);
  const closed = vacancy.status === 'closed';

  return (
    <Frame>
      {vacancy.permissions.can_edit ? <VacancyOwnerBar vacancy={vacancy} /> : null}
      <div className="vacancy-layout">
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'lg', sm: 'xl' }}
          component="article"
          className="vacancy-main"
          aria-labelledby="vacancy-title"
        >
          <Stack gap="lg">
            <Stack gap={8}>
              <Title order={1} id="vacancy-title" className="vacancy-title">
                {vacancy.title}
              </Title>
              <Text className="vacancy-salary">{salary ?? 'Зарплата по договорённости'}</Text>
              <Group gap="lg" className="vacancy-meta">
                {vacancy.company ? (
                  <Group gap={6} wrap="nowrap">
                    <IconBuilding size={18} stroke={1.6} aria-hidden />
                    <Text fw={600}>{vacancy.company}</Text>
                  </Group>
                ) : null}
                {vacancy.city ? (
                  <Group gap={6} wrap="nowrap">
                    <IconMapPin size={18} stroke={1.6} aria-hidden />
                    <Text>{vacancy.city.title}</Text>
                  </Group>
                ) : null}
              </Group>
              {vacancy.published_at ? (
                <Text size="sm" c="dimmed">
                  Опубликована <PublishedDay at={vacancy.published_at} />
                </Text>
              ) : null}
              {vacancy.status === 'published' && !sent ? (
                <Button
                  hiddenFrom="md"
                  mt={4}
                  leftSection={<IconSend size={18} />}
                  onClick={() => {
                    // No #hash navigation: the router would take it for a new page and reset the title.
                    document.getElementById('reply')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                    document.getElementById('reply-field-fio')?.focus({ preventScroll: true });
                  }}
                >
                  Откликнуться
                </Button>
              ) : null}
            </Stack>
            <VacancyFacts vacancy={vacancy} />
            {vacancy.description ? (
              <Stack gap="xs" component="section" aria-labelledby="vacancy-description-title">
                <Title order={2} fz={18} id="vacancy-description-title">
                  Описание вакансии
                </Title>
                <VacancyDescription html={vacancy.description} />
              </Stack>
            ) : null}
          </Stack>
        </Paper>
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'lg', sm: 'xl' }}
          component="aside"
          className="vacancy-side"
          id="reply"
          aria-label="Отклик на вакансию"
        >
          {closed ? (
            <EmptyState icon={IconBriefcaseOff} title="Вакансия закрыта" text="Отклики на неё больше не принимаются." />
          ) : vacancy.status === 'draft' ? (
            <Text size="sm" c="dimmed">
              Форма отклика появится после публикации.
            </Text>
          ) : sent ? (
            <ReplySent email={sent.email} />
          ) : (
            <ReplyForm vacancyId={vacancy.id} onSent={(email) => setSent({ email })} />
          )}
        </Paper>
      </div>
      {isTeamView(vacancy) && vacancy.replies_count > 0 ? (
        <Text size="sm" c="dimmed" mt="md" ta="center">
          {repliesText(vacancy.replies_count)} на эту вакансию
        </Text>
      ) : null}
    </Frame>
  );
}
