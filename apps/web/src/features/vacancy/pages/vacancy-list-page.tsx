import { VACANCY_STATUSES, type VacancyStatus } from '@hr/contract/vacancy';
import { Badge, Button, Group, Stack, Tabs } from '@mantine/core';
import { IconBriefcase, IconChartBar, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { useVacancies } from '../api/get-vacancies.ts';
import { ListSkeleton } from '../components/list-skeleton.tsx';
import { Pager } from '@/shared/ui/pager.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { VacancyCard } from '../components/vacancy-card.tsx';
import '../vacancy.css';

type Tab = VacancyStatus | 'all';
const TABS: { value: Tab; label: string }[] = [
  { value: 'all', label: 'Все' },
  { value: 'draft', label: 'Черновики' },
  { value: 'published', label: 'Опубликованные' },
  { value: 'closed', label: 'Закрытые' },
];
const EMPTY_TEXT: Record<Tab, string> = {
  all: 'Опишите вакансию, опубликуйте её и поделитесь ссылкой: кандидаты откликнутся без регистрации, а отклики придут вам уведомлением.',
  draft: 'Черновиков нет: всё, что вы начали, уже опубликовано или закрыто.',
  published: 'Опубликованных вакансий нет. Опубликуйте черновик, чтобы принимать отклики.',
  closed: 'Закрытых вакансий нет.',
};

const createButton = (
  <Button component={Link} to="/vacancy/create" leftSection={<IconPlus size={18} />}>
    Создать вакансию
  </Button>
);

/** `/vacancy`: the member's and the team's vacancies by status, with their counters. */
export function VacancyListPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const tab: Tab = (VACANCY_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as VacancyStatus) : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { user } = useSession();
  const { data, error, isPending, isPlaceholderData } = useVacancies(tab === 'all' ? undefined : tab, page);

  useEffect(() => {
    if (error) handleErrorWithRedirect(error);
  }, [error]);

  const go = (next: { tab?: Tab; page?: number }) => {
    const nextTab = next.tab ?? tab;
    const nextPage = next.page ?? 1;
    const search: Record<string, string> = {};
    if (nextTab !== 'all') search.status = nextTab;
    if (nextPage > 1) search.page = String(nextPage);
    setParams(search);
    if (next.page) window.scrollTo({ top: 0 });
  };

  let content: ReactNode;
  if (isPending) content = <ListSkeleton label="Загружаем вакансии" />;
  else if (!data)
    content = <EmptyState icon={IconBriefcase} title="Не удалось загрузить вакансии" text="Проверьте подключение и обновите страницу." />;
  else if (data.data.length === 0)
    content = (
      <EmptyState
        icon={IconBriefcase}
        title={tab === 'all' ? 'Вакансий пока нет' : 'Здесь пусто'}
        text={EMPTY_TEXT[tab]}
        action={tab === 'all' || tab === 'draft' ? createButton : null}
      />
    );
  else
    content = (
      <Stack gap="md" className={isPlaceholderData ? 'vacancy-list--stale' : undefined} aria-busy={isPlaceholderData || undefined}>
        {data.data.map((vacancy) => (
          <VacancyCard key={vacancy.id} vacancy={vacancy} myId={user?.id} />
        ))}
        <Pager centered page={page} lastPage={data.last_page} onChange={(next) => go({ page: next })} label="Страницы вакансий" />
      </Stack>
    );

  return (
    <PageSection title="Заявки на вакансии" subtitle="Ваши вакансии и вакансии вашей команды: отклики, просмотры, статусы">
      <Tabs value={tab} onChange={(value) => go({ tab: (value as Tab) ?? 'all' })} className="vacancy-tabs">
        <Group justify="space-between" gap="sm" align="flex-end" mb="lg">
          <Tabs.List>
            {TABS.map((item) => (
              <Tabs.Tab
                key={item.value}
                value={item.value}
                rightSection={
                  data ? (
                    <Badge size="sm" variant="light" color="gray" c="#3b4450" radius="sm">
                      {data.counts[item.value]}
                    </Badge>
                  ) : null
                }
              >
                {item.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {data && data.counts.all > 0 ? (
            <Group gap="xs">
              <Button component={Link} to="/vacancy/analytics" variant="default" leftSection={<IconChartBar size={18} />}>
                Аналитика найма
              </Button>
              {createButton}
            </Group>
          ) : null}
        </Group>
        {TABS.map((item) => (
          <Tabs.Panel key={item.value} value={item.value}>
            {item.value === tab ? content : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </PageSection>
  );
}
