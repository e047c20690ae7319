import { REPLY_STATUSES, type ReplyStatus } from '@hr/contract/vacancy';
import { Anchor, Badge, Grid, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconExternalLink, IconEye, IconInbox } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { pageTitle } from '@hr/contract/constants';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { useScrollRow } from '@/shared/ui/use-scroll-row.ts';
import { useReplies } from '../api/get-replies.ts';
import { isTeamView, useVacancy } from '../api/get-vacancy.ts';
import { ListSkeleton } from '../components/list-skeleton.tsx';
import { MatchesCard } from '../components/matches-card.tsx';
import { Pager } from '@/shared/ui/pager.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { ReplyCard } from '../components/reply-card.tsx';
import { VacancyStatusBadge } from '../components/status-badge.tsx';
import { newRepliesText, repliesText, viewsText } from '../lib/vacancy-format.ts';
import '../vacancy.css';

type Tab = ReplyStatus | 'all';
const TABS: { value: Tab; label: string }[] = [
  { value: 'all', label: 'Все' },
  { value: 'new', label: 'Новые' },
  { value: 'viewed', label: 'Просмотренные' },
  { value: 'invited', label: 'Приглашённые' },
  { value: 'rejected', label: 'Отказ' },
  { value: 'hired', label: 'Вышли на работу' },
];

/** `/vacancy/{id}/reply`: the replies by status, new ones marked; and «Подходящие кандидаты». */
export function VacancyRepliesPage() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const tab: Tab = (REPLY_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as ReplyStatus) : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const replies = useReplies(id, tab === 'all' ? undefined : tab, page);
  const vacancy = useVacancy(id);
  const team = vacancy.data && isTeamView(vacancy.data) ? vacancy.data : null;
  const title = replies.data?.vacancy.title ?? team?.title;

  useEffect(() => {
    if (replies.error) handleErrorWithRedirect(replies.error);
  }, [replies.error]);

  useEffect(() => {
    if (title) document.title = pageTitle(`Отклики: ${title}`);
  }, [title]);

  // On a phone the six tabs are one row that scrolls sideways, the open one kept in view.
  const tabsRow = useScrollRow<HTMLDivElement>(tab);

  const go = (next: { tab?: Tab; page?: number }) => {
    const search: Record<string, string> = {};
    const nextTab = next.tab ?? tab;
    if (nextTab !== 'all') search.status = nextTab;
    if ((next.page ?? 1) > 1) search.page = String(next.page);
    setParams(search);
  };

  const data = replies.data;
  let content: ReactNode;
  if (replies.isPending) content = <ListSkeleton label="Загружаем отклики" height={96} />;
  else if (!data)
    content = <EmptyState icon={IconInbox} title="Не удалось загрузить отклики" text="Проверьте подключение и обновите страницу." />;
  else if (data.data.length === 0)
    content = (
      <EmptyState
        icon={IconInbox}
        title={tab === 'all' ? 'Откликов пока нет' : 'Таких откликов нет'}
        text={
          tab === 'all' ? (
            <>
              Поделитесь ссылкой на{' '}
              <Anchor component={Link} to={`/vacancy/${id}`}>
                страницу вакансии
              </Anchor>{' '}
              — кандидаты откликнутся без регистрации. Новые отклики придут уведомлением.
            </>
          ) : undefined
        }
      />
    );
  else
    content = (
      <Stack gap="sm" className={replies.isPlaceholderData ? 'vacancy-list--stale' : undefined}>
        {data.data.map((reply) => (
          <ReplyCard key={reply.id} vacancyId={id} reply={reply} />
        ))}
        <Pager centered page={page} lastPage={data.last_page} onChange={(next) => go({ page: next })} label="Страницы откликов" />
      </Stack>
    );

  return (
    <PageSection title="Отклики на вакансию">
      <Stack gap="xs">
        <Anchor component={Link} to="/vacancy" size="sm" fw={500} className="vacancy-back">
          <IconArrowLeft size={16} stroke={1.8} aria-hidden />К моим вакансиям
        </Anchor>
        {title ? (
          <Group gap="sm">
            <Text fz={20} fw={650} c="var(--hr-navy-900)">
              {title}
            </Text>
            {replies.data ? <VacancyStatusBadge status={replies.data.vacancy.status} /> : null}
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
        </Group>
      </Stack>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Tabs value={tab} onChange={(value) => go({ tab: (value as Tab) ?? 'all' })} className="reply-tabs">
            <Tabs.List mb="md" ref={tabsRow} className="scroll-row">
              {TABS.map((item) => (
                <Tabs.Tab
                  key={item.value}
                  value={item.value}
                  rightSection={
                    data ? (
                      <Badge
                        size="sm"
                        variant={item.value === 'new' && data.counts.new > 0 ? 'filled' : 'light'}
                        color={item.value === 'new' && data.counts.new > 0 ? 'brand' : 'gray'}
                        c={item.value === 'new' && data.counts.new > 0 ? 'white' : '#3b4450'}
                        radius="sm"
                      >
                        {data.counts[item.value]}
                      </Badge>
                    ) : null
                  }
                >
                  {item.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TABS.map((item) => (
              <Tabs.Panel key={item.value} value={item.value}>
                {item.value === tab ? content : null}
              </Tabs.Panel>
            ))}
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>{Number.isSafeInteger(id) && team ? <MatchesCard vacancyId={id} /> : null}</Grid.Col>
      </Grid>
    </PageSection>
  );
}
