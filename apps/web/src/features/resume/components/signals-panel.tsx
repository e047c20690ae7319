import type { ResumeSignals } from '@hr/contract/signals';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconMessageStar, IconSend, IconStar, IconUsers } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { useResumeSignals } from '../api/get-signals.ts';
import { clubSignalLines, favouritesText, formatDayMonth, formatDayTime, invitedText, opinionsTotal, shortFio } from '../lib/signals-format.ts';

/** Longer lists end in «и ещё N»: the panel sits beside the resume and must stay short. */
const LIST_MAX = 5;
export const SIGNALS_EMPTY_TEXT = 'Коллеги по клубу ещё не работали с этим кандидатом';

/** Reply statuses' tints; dark text on the light badge keeps AA contrast. A stage we do not know is grey. */
const STATUS_LOOK: Record<string, { color: string; text: string }> = {
  new: { color: 'blue', text: '#1c4f80' },
  viewed: { color: 'gray', text: '#3b4450' },
  invited: { color: 'teal', text: '#0b5e4f' },
  rejected: { color: 'red', text: '#a11d1d' },
  hired: { color: 'grape', text: '#6b2176' },
};

type Icon = ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean; className?: string }>;

function Line({ icon: LineIcon, children }: { icon: Icon; children: ReactNode }) {
  return (
    <li className="signals-line">
      <LineIcon size={16} stroke={1.7} aria-hidden className="signals-line__icon" />
      <span>{children}</span>
    </li>
  );
}

function More({ count }: { count: number }) {
  return count > 0 ? <li className="signals-more">и ещё {count}</li> : null;
}

function Subheading({ children }: { children: ReactNode }) {
  return (
    <Title order={3} fz={13} fw={700} c="#4a5666" tt="uppercase" lts={0.3}>
      {children}
    </Title>
  );
}

type Team = NonNullable<ResumeSignals['team']>;

function TeamFavourites({ list }: { list: Team['favourites'] }) {
  if (list.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600} c="#1d2733">
        В избранном
      </Text>
      <ul className="plain-list signals-list">
        {list.slice(0, LIST_MAX).map((item) => (
          <li key={item.id}>
            {shortFio(item.fio)} — {formatDayMonth(item.added_at)}
          </li>
        ))}
        <More count={list.length - LIST_MAX} />
      </ul>
    </div>
  );
}

function TeamVacancies({ list }: { list: Team['vacancies'] }) {
  if (list.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600} c="#1d2733">
        На вакансиях команды
      </Text>
      <ul className="plain-list signals-list signals-list--vacancies">
        {list.slice(0, LIST_MAX).map((item) => {
          const look = STATUS_LOOK[item.status] ?? STATUS_LOOK.viewed;
          return (
            <li key={`${item.vacancy.id}-${item.source}`} className="signals-vacancy">
              <Anchor component={Link} to={`/vacancy/${item.vacancy.id}/reply`} size="sm" className="signals-vacancy__title">
                «{item.vacancy.title}»
              </Anchor>
              <span className="signals-vacancy__meta">
                <Badge variant="light" color={look?.color} c={look?.text} radius="sm" tt="none" fw={600} size="sm" className="status-badge">
                  {item.status_title}
                </Badge>
                <span>
                  {item.source === 'invite' ? 'приглашён' : 'откликнулся'} {formatDayMonth(item.at)}
                  {item.status_at && formatDayMonth(item.status_at) !== formatDayMonth(item.at)
                    ? `, статус с ${formatDayMonth(item.status_at)}`
                    : ''}
                </span>
              </span>
            </li>
          );
        })}
        <More count={list.length - LIST_MAX} />
      </ul>
    </div>
  );
}

function TeamOpened({ list }: { list: NonNullable<Team['opened']> }) {
  if (list.length === 0) return null;
  return (
    <div data-testid="signals-opened">
      <Group gap={6} wrap="nowrap">
        <IconEye size={16} stroke={1.7} aria-hidden className="signals-line__icon" />
        <Text size="sm" fw={600} c="#1d2733">
          Открывали в команде
        </Text>
      </Group>
      <ul className="plain-list signals-list">
        {list.slice(0, LIST_MAX).map((item) => (
          <li key={`${item.id}-${item.opened_at}`}>
            {shortFio(item.fio)} — {formatDayTime(item.opened_at)}
          </li>
        ))}
        <More count={list.length - LIST_MAX} />
      </ul>
    </div>
  );
}

/** The panel's content for an answer (no fetching: signals-panel.test.ts draws it). */
export function SignalsView({ signals }: { signals: ResumeSignals }) {
  const club = clubSignalLines(signals);
  const team = signals.team;
  const teamWork = !!team && (team.favourites.length > 0 || team.vacancies.length > 0);
  const opinions = opinionsTotal(signals.opinions);
  return (
    <Stack gap="sm">
      {club.length > 0 ? (
        <ul className="plain-list signals-club" aria-label="В клубе">
          {signals.favourites > 0 ? <Line icon={IconStar}>{favouritesText(signals.favourites)}</Line> : null}
          {signals.invited_90d > 0 ? <Line icon={IconSend}>{invitedText(signals.invited_90d)}</Line> : null}
          {opinions > 0 ? <Line icon={IconMessageStar}>отзывов: {opinions}</Line> : null}
        </ul>
      ) : null}
      {club.length === 0 && !teamWork ? (
        <Text size="sm" c="#4a5666" data-testid="signals-empty">
          {SIGNALS_EMPTY_TEXT}
        </Text>
      ) : null}
      {teamWork ? (
        <Stack gap="xs" data-testid="signals-team">
          <Subheading>Вы и ваша команда</Subheading>
          <TeamFavourites list={team.favourites} />
          <TeamVacancies list={team.vacancies} />
        </Stack>
      ) : null}
      {team?.opened ? <TeamOpened list={team.opened} /> : null}
    </Stack>
  );
}

/** Grey lines the size of a usual answer, so the panel barely moves the page when it arrives. */
function SignalsSkeleton() {
  return (
    <Stack gap={10} aria-hidden>
      <Skeleton height={14} width="85%" radius="sm" />
      <Skeleton height={14} width="95%" radius="sm" />
      <Skeleton height={14} width="40%" radius="sm" />
    </Stack>
  );
}

/**
 * «Уже в работе у коллег» beside a resume (members, PRODUCT 10): the club's counts without naming
 * any company, the member's own team's favourites and vacancies, and for a team lead who opened it.
 */
export function SignalsPanel({ hash }: { hash: string }) {
  const { data, isPending, error, refetch, isFetching } = useResumeSignals(hash);
  let content: ReactNode;
  if (data) content = <SignalsView signals={data} />;
  else if (isPending) content = <SignalsSkeleton />;
  else
    content = (
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="#4a5666">
          Не удалось узнать, работали ли с кандидатом коллеги.
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => void refetch()} loading={isFetching}>
          Повторить
        </Button>
      </Group>
    );
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      className="signals-panel no-print"
      aria-labelledby="signals-title"
      aria-busy={isPending && !error}
      data-testid="signals-panel"
    >
      <Stack gap="sm">
        <Group gap={8} wrap="nowrap">
          <IconUsers size={20} stroke={1.7} aria-hidden className="signals-panel__icon" />
          <Title order={2} fz={16} lh={1.3} id="signals-title">
            Уже в работе у коллег
          </Title>
        </Group>
        {content}
      </Stack>
    </Paper>
  );
}
