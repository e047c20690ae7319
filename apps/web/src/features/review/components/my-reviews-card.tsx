import { Button, Card, Divider, Group, Skeleton, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageStar } from '@tabler/icons-react';
import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMyOpinions } from '../api/get-my-opinions.ts';
import { useMyRequests } from '../api/get-my-requests.ts';
import '../review.css';
import { MyOpinionRow } from './my-opinion-row.tsx';
import { MyRequestRow } from './my-request-row.tsx';

const STEP = 5;

type Tab = 'requests' | 'opinions';

/** The cabinet's «Мои отзывы»: the member's requests (with status, resend) and own opinions. */
export function MyReviewsCard() {
  const [params] = useSearchParams();
  const linked = params.get('tab') === 'reviews';
  const [tab, setTab] = useState<Tab>('requests');
  const ref = useRef<HTMLElement>(null);

  // Notifications about requests link to /profile?tab=reviews: bring the block into view.
  useEffect(() => {
    if (linked) ref.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [linked]);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="my-reviews-title" ref={ref} id="my-reviews">
      <Stack gap="sm">
        <Group gap="xs">
          <ThemeIcon size={34} radius="xl" variant="light" color="brand" aria-hidden>
            <IconMessageStar size={18} stroke={1.6} />
          </ThemeIcon>
          <Title order={2} fz={18} id="my-reviews-title">
            Мои отзывы
          </Title>
        </Group>
        <Tabs value={tab} onChange={(value) => setTab((value as Tab) ?? 'requests')} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="requests">Запросы</Tabs.Tab>
            <Tabs.Tab value="opinions">Мои отзывы о кандидатах</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="requests" pt="sm">
            <RequestsList />
          </Tabs.Panel>
          <Tabs.Panel value="opinions" pt="sm">
            <OpinionsList />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}

function RequestsList() {
  const [count, setCount] = useState(STEP);
  const { data, isPending, isError, isFetching, refetch } = useMyRequests(1, count <= 20 ? 20 : 50);
  return (
    <ListFrame
      loading={isPending}
      failed={isError}
      onRetry={() => void refetch()}
      empty={data?.data.length === 0}
      emptyText="Запросов пока нет. Запросить рекомендацию можно на странице резюме — у каждого места работы кандидата."
    >
      {data?.data.slice(0, count).map((request, index) => (
        <Fragment key={request.id}>
          {index > 0 ? <Divider color="#eef1f5" /> : null}
          <MyRequestRow request={request} />
        </Fragment>
      ))}
      <More
        shown={Math.min(count, data?.data.length ?? 0)}
        total={data?.total ?? 0}
        loading={isFetching}
        onMore={() => setCount((c) => c + STEP)}
      />
    </ListFrame>
  );
}

function OpinionsList() {
  const [count, setCount] = useState(STEP);
  const { data, isPending, isError, isFetching, refetch } = useMyOpinions(1, count <= 20 ? 20 : 50);
  return (
    <ListFrame
      loading={isPending}
      failed={isError}
      onRetry={() => void refetch()}
      empty={data?.data.length === 0}
      emptyText="Вы ещё не писали отзывов. Откройте резюме кандидата, с которым работали, и нажмите «Написать отзыв»."
    >
      {data?.data.slice(0, count).map((opinion, index) => (
        <Fragment key={opinion.id}>
          {index > 0 ? <Divider color="#eef1f5" /> : null}
          <MyOpinionRow opinion={opinion} />
        </Fragment>
      ))}
      <More
        shown={Math.min(count, data?.data.length ?? 0)}
        total={data?.total ?? 0}
        loading={isFetching}
        onMore={() => setCount((c) => c + STEP)}
      />
    </ListFrame>
  );
}

type ListFrameProps = { loading: boolean; failed: boolean; onRetry: () => void; empty: boolean; emptyText: string; children: ReactNode };

function ListFrame({ loading, failed, onRetry, empty, emptyText, children }: ListFrameProps) {
  if (loading) {
    return (
      <Stack gap="xs" role="status" aria-label="Загрузка">
        <Skeleton height={16} width="60%" radius="sm" />
        <Skeleton height={14} width="85%" radius="sm" />
        <Skeleton height={14} width="40%" radius="sm" />
      </Stack>
    );
  }
  if (failed) {
    return (
      <Group gap="sm">
        <Text size="sm" c="red.8">
          Не удалось загрузить список.
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={onRetry}>
          Повторить
        </Button>
      </Group>
    );
  }
  if (empty) {
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
        <Button component={Link} to="/" variant="default" size="xs" w="fit-content">
          К поиску кандидатов
        </Button>
      </Stack>
    );
  }
  return <Stack gap="sm">{children}</Stack>;
}

/** «Показать ещё» while the list has more (50 at most here; the rest by the resume pages). */
function More({ shown, total, loading, onMore }: { shown: number; total: number; loading: boolean; onMore: () => void }) {
  if (shown >= total) return null;
  if (shown >= 50) {
    return (
      <Text size="xs" c="dimmed">
        Показаны последние {shown} из {total}
      </Text>
    );
  }
  return (
    <Button variant="subtle" size="compact-sm" w="fit-content" loading={loading} onClick={onMore}>
      Показать ещё
    </Button>
  );
}
