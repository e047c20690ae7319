import type { ReviewRequestStatus } from '@hr/contract';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconClockOff, IconHeartHandshake, IconHandOff, IconLinkOff } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';

type StateKind = Exclude<ReviewRequestStatus, 'pending'> | 'not_found' | 'thanks' | 'declined_now';

const STATES: Record<StateKind, { icon: typeof IconCircleCheck; color: string; title: string; text: string }> = {
  not_found: {
    icon: IconLinkOff,
    color: 'gray',
    title: 'Запрос не найден',
    text: 'Ссылка неполная или устарела. Проверьте, что адрес скопирован из письма целиком.',
  },
  answered: {
    icon: IconCircleCheck,
    color: 'teal',
    title: 'На этот запрос уже ответили',
    text: 'Отзыв по этой ссылке уже отправлен. Спасибо, что помогаете коллегам!',
  },
  declined: {
    icon: IconHandOff,
    color: 'orange',
    title: 'Запрос отклонён',
    text: 'От этого запроса отказались — отзыв по нему больше не принимается.',
  },
  expired: {
    icon: IconClockOff,
    color: 'gray',
    title: 'Срок запроса истёк',
    text: 'Запрос действовал 30 дней. Если вы всё же хотите рассказать о кандидате, попросите участника клуба отправить новый.',
  },
  thanks: {
    icon: IconHeartHandshake,
    color: 'teal',
    title: 'Спасибо! Отзыв передан',
    text: 'Участник клуба уже получил уведомление. Ваш отзыв поможет коллегам принять взвешенное решение.',
  },
  declined_now: {
    icon: IconHandOff,
    color: 'gray',
    title: 'Вы отказались от отзыва',
    text: 'Мы сообщили об этом участнику клуба. Больше писем по этому запросу не будет.',
  },
};

/** A whole-page answer for a request that cannot (or need not) be answered any more. */
export function PublicRequestState({ kind, children }: { kind: StateKind; children?: ReactNode }) {
  const { icon: Icon, color, title, text } = STATES[kind];
  const heading = useRef<HTMLHeadingElement>(null);
  const afterAction = kind === 'thanks' || kind === 'declined_now';

  // After sending or declining the form is gone: show the answer from the top and read it out.
  useEffect(() => {
    if (!afterAction) return;
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [afterAction]);

  return (
    <Stack align="center" ta="center" gap="md" py="md" data-testid="request-state" data-state={kind}>
      <ThemeIcon size={72} radius={36} variant="light" color={color} aria-hidden>
        <Icon size={38} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} fz={{ base: 22, sm: 26 }} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {title}
      </Title>
      <Text c="dimmed" maw={480}>
        {text}
      </Text>
      {children}
      <Button component={Link} to="/" variant="light" mt="xs">
        Перейти на сайт HR-клуба
      </Button>
    </Stack>
  );
}
