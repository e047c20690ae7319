import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconEye, IconFlame, IconSearch } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { Pager } from '@/shared/ui/pager.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { usePopular } from '../api/get-popular.ts';
import { CardListSkeleton } from '../components/card-list-skeleton.tsx';
import { ResumeCardView } from '../components/resume-card.tsx';
import { formatViews } from '../lib/resume-format.ts';

const PER_PAGE = 20;

/** `/popular_resume`: the resumes most viewed by the club over 30 days, with the number of views. */
export function PopularResumePage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, isPending, isFetching, refetch } = usePopular(page, PER_PAGE);

  useEffect(() => {
    if (error) handleErrorWithRedirect(error);
  }, [error]);

  const goTo = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  return (
    <PageSection title="Популярные резюме" subtitle="Кандидаты, которых участники клуба открывали чаще всего за последние 30 дней">
      {isPending ? (
        <CardListSkeleton />
      ) : !data ? (
        <EmptyState
          icon={IconFlame}
          title="Не удалось загрузить подборку"
          text="Проверьте подключение к интернету и попробуйте ещё раз."
          action={
            <Button onClick={() => void refetch()} loading={isFetching}>
              Повторить
            </Button>
          }
        />
      ) : data.data.length === 0 ? (
        <EmptyState
          icon={IconFlame}
          title="Подборка пока пуста"
          text="За последние 30 дней участники клуба ещё не открывали резюме. Найдите кандидатов в поиске — они появятся здесь."
          action={
            <Button component={Link} to="/" leftSection={<IconSearch size={18} />}>
              Перейти к поиску
            </Button>
          }
        />
      ) : (
        <Stack gap="md" style={{ opacity: isFetching ? 0.6 : 1 }}>
          {data.data.map((card) => (
            <ResumeCardView
              key={card.hash}
              card={card}
              href={`/resume/${card.hash}`}
              aside={
                <Badge variant="light" color="brand" radius="sm" tt="none" size="lg" leftSection={<IconEye size={14} />}>
                  {formatViews(card.views ?? 0)}
                </Badge>
              }
            />
          ))}
          <Pager centered page={data.current_page} lastPage={data.last_page} onChange={goTo} label="Страницы популярных резюме" />
          <Text size="xs" c="dimmed" ta="center">
            Просмотр считается один раз в день от каждого участника.
          </Text>
        </Stack>
      )}
    </PageSection>
  );
}
