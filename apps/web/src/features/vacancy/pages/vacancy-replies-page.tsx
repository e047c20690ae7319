import { Anchor, Badge, Button, Grid, Group, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  IconArrowLeft,
  IconChartBar,
  IconEdit,
  IconExternalLink,
  IconEye,
  IconInbox,
  IconLayoutKanban,
  IconList,
  IconMailCog,
  IconSettings,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { pageTitle } from '@hr/contract/constants';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';
import {
  BoardSkeleton,
  type RepliesView,
  ReplyBoard,
  ReplyListView,
  StageEditor,
  readRepliesView,
  saveRepliesView,
  useBoard,
} from '@/features/pipeline/index.ts';
import { useStages } from '../api/get-stages.ts';
import { isTeamView, useVacancy } from '../api/get-vacancy.ts';
import { ListSkeleton } from '../components/list-skeleton.tsx';
import { MatchesCard } from '../components/matches-card.tsx';
import { VacancyStatusBadge } from '../components/status-badge.tsx';
import { newRepliesText, repliesText, viewsText } from '../lib/vacancy-format.ts';
import '../vacancy.css';

function Board({ vacancyId }: { vacancyId: number }) {
  const board = useBoard(vacancyId);
  useEffect(() => {
    if (board.error) handleErrorWithRedirect(board.error);
  }, [board.error]);
  if (board.data) return <ReplyBoard vacancyId={vacancyId} board={board.data} showMore={board.showMore} loadingMore={board.loadingMore} />;
  if (board.isPending) return <BoardSkeleton />;
  return <EmptyState icon={IconInbox} title="Не удалось загрузить доску" text="Проверьте подключение и обновите страницу." />;
}

/**
 * `/vacancy/{id}/reply`: the replies as a list (selection, bulk actions) or as a board of stages —
 * the member's choice is remembered; the stage editor, the vacancy's analytics and the letter
 * templates are a step away; «Подходящие кандидаты» beside the list.
 */
export function VacancyRepliesPage() {
  const id = Number(useParams().id);
  const { user } = useSession();
  const [view, setView] = useState<RepliesView>(() => readRepliesView(user?.id));
  const [editing, setEditing] = useState(false);
  const stages = useStages(id);
  const vacancy = useVacancy(id);
  const team = vacancy.data && isTeamView(vacancy.data) ? vacancy.data : null;
  const title = team?.title;

  useEffect(() => setView(readRepliesView(user?.id)), [user?.id]);
  useEffect(() => {
    if (stages.error) handleErrorWithRedirect(stages.error);
  }, [stages.error]);
  useEffect(() => {
    if (vacancy.error) handleErrorWithRedirect(vacancy.error);
  }, [vacancy.error]);
  useEffect(() => {
    if (title) document.title = pageTitle(`Отклики: ${title}`);
  }, [title]);

  const choose = (next: string) => {
    const value: RepliesView = next === 'board' ? 'board' : 'list';
    setView(value);
    saveRepliesView(user?.id, value);
  };

  const list = stages.data?.stages;
  const total = list?.reduce((sum, s) => sum + s.count, 0) ?? 0;
  let content: ReactNode;
  if (stages.isPending) content = view === 'board' ? <BoardSkeleton /> : <ListSkeleton label="Загружаем отклики" height={96} />;
  else if (!list)
    content = <EmptyState icon={IconInbox} title="Не удалось загрузить отклики" text="Проверьте подключение и обновите страницу." />;
  else if (total === 0)
    content = (
      <EmptyState
        icon={IconInbox}
        title="Откликов пока нет — поделитесь вакансией"
        text={
          <>
            Отправьте ссылку на{' '}
            <Anchor component={Link} to={`/vacancy/${id}`}>
              страницу вакансии
            </Anchor>{' '}
            — кандидаты откликнутся без регистрации. Новые отклики придут уведомлением.
          </>
        }
      />
    );
  else if (view === 'board') content = <Board vacancyId={id} />;
  else content = <ReplyListView vacancyId={id} stages={list} />;

  return (
    <PageSection title="Отклики на вакансию">
      <Stack gap="xs">
        <Anchor component={Link} to="/vacancy" size="sm" fw={500} className="vacancy-back">
          <IconArrowLeft size={16} stroke={1.8} aria-hidden />К моим вакансиям
        </Anchor>
        {team ? (
          <Group gap="sm">
            <Text fz={20} fw={650} c="var(--hr-navy-900)">
              {team.title}
            </Text>
            <VacancyStatusBadge status={team.status} />
          </Group>
        ) : null}
        <Group gap="lg" c="#33404f" style={{ rowGap: 6 }}>
          {team ? (
            <>
              <Text size="sm">{repliesText(team.replies_count)}</Text>
              {team.new_replies_count > 0 ? (
                <Badge color="brand" radius="sm" tt="none">
                  {newRepliesText(team.new_replies_count)}
                </Badge>
              ) : null}
              <Group gap={4} wrap="nowrap">
                <IconEye size={16} stroke={1.6} aria-hidden />
                <Text size="sm">{viewsText(team.views)}</Text>
              </Group>
            </>
          ) : null}
          <Anchor component={Link} to={`/vacancy/${id}`} size="sm" className="vacancy-back">
            <IconExternalLink size={16} stroke={1.6} aria-hidden />
            Страница вакансии
          </Anchor>
          <Anchor component={Link} to={`/vacancy/${id}/edit`} size="sm" className="vacancy-back">
            <IconEdit size={16} stroke={1.6} aria-hidden />
            Редактировать
          </Anchor>
          <Anchor component={Link} to={`/vacancy/${id}/analytics`} size="sm" className="vacancy-back">
            <IconChartBar size={16} stroke={1.6} aria-hidden />
            Аналитика
          </Anchor>
          <Anchor component={Link} to="/vacancy/templates" size="sm" className="vacancy-back">
            <IconMailCog size={16} stroke={1.6} aria-hidden />
            Шаблоны писем
          </Anchor>
        </Group>
      </Stack>
      <Group justify="space-between" gap="sm" className="replies-toolbar">
        <SegmentedControl
          value={view}
          onChange={choose}
          aria-label="Вид откликов"
          data={[
            {
              value: 'list',
              label: (
                <Group gap={6} wrap="nowrap" justify="center">
                  <IconList size={16} aria-hidden />
                  <span>Список</span>
                </Group>
              ),
            },
            {
              value: 'board',
              label: (
                <Group gap={6} wrap="nowrap" justify="center">
                  <IconLayoutKanban size={16} aria-hidden />
                  <span>Доска</span>
                </Group>
              ),
            },
          ]}
        />
        <Button variant="default" leftSection={<IconSettings size={16} aria-hidden />} onClick={() => setEditing(true)} disabled={!list}>
          Этапы
        </Button>
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {list ? `Всего: ${repliesText(total)}` : ''}
      </VisuallyHidden>
      {view === 'board' ? (
        <Stack gap="lg">
          {content}
          {Number.isSafeInteger(id) && team ? <MatchesCard vacancyId={id} /> : null}
        </Stack>
      ) : (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>{content}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>{Number.isSafeInteger(id) && team ? <MatchesCard vacancyId={id} /> : null}</Grid.Col>
        </Grid>
      )}
      {list ? <StageEditor vacancyId={id} stages={list} opened={editing} onClose={() => setEditing(false)} /> : null}
    </PageSection>
  );
}
