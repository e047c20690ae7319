import { emptyOpinionsSummary, type OpinionsSummary } from '@hr/contract';
import { Button, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMessagePlus, IconMessageQuestion, IconPencil } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { opinionsCountText } from '@/shared/lib/opinions-summary.ts';
import { Pager } from '@/shared/ui/pager.tsx';
import { useOpinions } from '../api/get-opinions.ts';
import '../review.css';
import { OpinionDialog } from './opinion-dialog.tsx';
import { OpinionItem } from './opinion-item.tsx';
import { OpinionsSummaryTiles } from './opinions-summary.tsx';
import { RequestDialog, type RequestTarget } from './request-dialog.tsx';

type OpinionsBlockProps = {
  hash: string;
  summary?: OpinionsSummary;
  /** The viewer's own opinion: «Изменить мой отзыв» instead of «Написать отзыв». */
  myOpinionId?: number | null;
  /** A review request hands the candidate's name to its sender: members who may open contacts only. */
  canRequest?: boolean;
  /** The resume answer carries the summary: the route reloads it after a change. */
  onChanged?: () => void;
};

/** The club's opinions on the resume page (PRODUCT 6): summary, «Написать отзыв», the list. */
export function OpinionsBlock({ hash, summary, myOpinionId, canRequest = false, onChanged }: OpinionsBlockProps) {
  const [page, setPage] = useState(1);
  const [writing, setWriting] = useState(false);
  const [asking, setAsking] = useState<RequestTarget | null>(null);
  const { data, isPending, isError, refetch, isFetching } = useOpinions(hash, page);
  const total = data?.total ?? 0;

  return (
    <Stack component="section" gap="md" className="resume-section opinions-block" aria-labelledby="resume-opinions" id="opinions">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} fz={20} id="resume-opinions" className="resume-section__title">
          Отзывы участников клуба
          {total > 0 ? (
            <Text span c="dimmed" fz={16} fw={500}>
              {` · ${opinionsCountText(total)}`}
            </Text>
          ) : null}
        </Title>
        <Group gap="xs" className="no-print">
          {canRequest ? (
            <Button
              variant="default"
              size="sm"
              leftSection={<IconMessageQuestion size={17} aria-hidden />}
              onClick={() => setAsking({ hash, experienceIndex: null, company: '' })}
            >
              Запросить отзыв
            </Button>
          ) : null}
          {myOpinionId ? (
            <Button
              component={Link}
              to={`/review/${myOpinionId}`}
              variant="light"
              size="sm"
              leftSection={<IconPencil size={17} aria-hidden />}
            >
              Изменить мой отзыв
            </Button>
          ) : (
            <Button size="sm" leftSection={<IconMessagePlus size={17} aria-hidden />} onClick={() => setWriting(true)}>
              Написать отзыв
            </Button>
          )}
        </Group>
      </Group>

      <OpinionsSummaryTiles summary={summary ?? emptyOpinionsSummary()} />

      {isPending ? (
        <Stack gap="sm" role="status" aria-label="Загружаем отзывы">
          <Skeleton height={18} width="40%" radius="sm" />
          <Skeleton height={56} radius="sm" />
        </Stack>
      ) : isError ? (
        <Group gap="sm">
          <Text size="sm" c="red.8">
            Не удалось загрузить отзывы.
          </Text>
          <Button variant="subtle" size="compact-sm" loading={isFetching} onClick={() => void refetch()}>
            Повторить
          </Button>
        </Group>
      ) : data.data.length === 0 ? (
        <Text size="sm" c="dimmed" className="opinions-block__empty">
          {canRequest
            ? 'Об этом кандидате в клубе ещё не писали. Поделитесь своим опытом или запросите рекомендацию у прошлого работодателя — кнопка есть у каждого места работы.'
            : 'Об этом кандидате в клубе ещё не писали. Поделитесь своим опытом, если работали с ним.'}
        </Text>
      ) : (
        <Stack gap="md" className={isFetching ? 'opinions-block__list is-stale' : 'opinions-block__list'}>
          {data.data.map((opinion, index) => (
            <Fragment key={opinion.id}>
              {index > 0 ? <Divider color="#e6eaf0" /> : null}
              <OpinionItem opinion={opinion} />
            </Fragment>
          ))}
          {data.last_page > 1 ? (
            <Pager
              page={page}
              lastPage={data.last_page}
              onChange={setPage}
              size="sm"
              siblings={1}
              className="no-print"
              label="Страницы отзывов"
            />
          ) : null}
        </Stack>
      )}

      <OpinionDialog
        hash={hash}
        opened={writing}
        onClose={() => setWriting(false)}
        onCreated={() => {
          setWriting(false);
          setPage(1);
          void refetch();
          onChanged?.();
        }}
      />
      <RequestDialog target={asking} onClose={() => setAsking(null)} />
    </Stack>
  );
}
