import { AUTOSEARCH_MSG } from '@hr/contract/autosearch';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconBellOff, IconLinkOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/shared/api/api-error.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { unsubscribeAutosearch } from '../api/autosearch-api.ts';
import { once } from '../lib/unsubscribe-once.ts';

type State = { status: 'pending' } | { status: 'done'; name: string } | { status: 'failed'; message: string };

/** `/autosearch/unsubscribe/:token` (no login): the link from a digest switches the search's digest off. */
export function AutosearchUnsubscribePage() {
  const token = useParams().token ?? '';
  const { status } = useSession();
  const [state, setState] = useState<State>({ status: 'pending' });

  useEffect(() => {
    let live = true;
    once(token, unsubscribeAutosearch).then(
      (answer) => live && setState({ status: 'done', name: answer.name }),
      (error: unknown) => {
        if (!live) return;
        // A bad or old link is the server's 404/422 with its own words; anything else: try again later.
        const known = error instanceof ApiError && error.status < 500;
        setState({
          status: 'failed',
          message: known
            ? AUTOSEARCH_MSG.unsubscribeInvalid
            : 'Не удалось отключить рассылку. Попробуйте открыть ссылку из письма ещё раз.',
        });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  const toList =
    status === 'member' ? (
      <Button component={Link} to="/autosearch" variant="light">
        Мои автопоиски
      </Button>
    ) : (
      <Text size="sm" c="dimmed">
        Войдите в клуб, чтобы настроить автопоиски и рассылку.
      </Text>
    );

  return (
    <PageSection size="sm">
      {state.status === 'pending' ? (
        <Stack align="center" py="xl" gap="sm" aria-busy="true">
          <Loader />
          <Text>Отключаем рассылку…</Text>
        </Stack>
      ) : state.status === 'done' ? (
        <EmptyState
          headingLevel={1}
          icon={IconBellOff}
          color="teal"
          title={`Рассылка по автопоиску «${state.name}» отключена`}
          text="Новые резюме по нему больше не придут. Сам автопоиск сохранён: его можно открыть и снова включить рассылку."
          action={toList}
        />
      ) : (
        <EmptyState
          headingLevel={1}
          icon={IconLinkOff}
          color="orange"
          title={state.message}
          text="Отключить рассылку можно и на странице автопоиска."
          action={toList}
        />
      )}
    </PageSection>
  );
}
