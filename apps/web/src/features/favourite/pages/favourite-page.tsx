import type { ResumeCard } from '@hr/contract';
import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconStar } from '@tabler/icons-react';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { handleErrorWithRedirect, handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { plural } from '@/shared/lib/format.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { Pager } from '@/shared/ui/pager.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { useFavourites } from '../api/get-favourites.ts';
import { useRemoveFavourite } from '../api/remove-favourite.ts';
import { FavouriteCardFooter } from '../components/favourite-card-footer.tsx';

const PER_PAGE = 20;

/** What the page needs of a card component (the resume feature's, passed in by the route). */
export type FavouriteCardProps = { card: ResumeCard; href: string; footer?: ReactNode };

/** `/favourite`: the member's and the team's favourite candidates, with notes. */
export function FavouritePage({ Card }: { Card: ComponentType<FavouriteCardProps> }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { user } = useSession();
  const { data, error, isPending, isFetching, refetch } = useFavourites(page, PER_PAGE);
  const remove = useRemoveFavourite();

  useEffect(() => {
    if (error) handleErrorWithRedirect(error);
  }, [error]);

  // The last card of the last page removed: step back a page.
  useEffect(() => {
    if (data && data.data.length === 0 && page > 1) setParams(page > 2 ? { page: String(page - 1) } : {}, { replace: true });
  }, [data, page, setParams]);

  const goTo = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  const askRemove = (card: ResumeCard) =>
    showConfirmDialog({
      title: 'Удалить из избранного?',
      children: (
        <Text size="sm">
          «{card.title}» {card.note ? 'и ваша заметка исчезнут' : 'исчезнет'} из избранного.
        </Text>
      ),
      confirmLabel: 'Удалить',
      cancelLabel: 'Отмена',
      onConfirm: () =>
        remove.mutate(card.hash, {
          onSuccess: () => notifications.show({ message: 'Кандидат удалён из избранного' }),
          onError: (failure) => handleErrorWithoutRedirect(failure),
        }),
    });

  const total = data?.total ?? 0;
  const subtitle =
    data && total > 0
      ? `${total} ${plural(total, ['кандидат', 'кандидата', 'кандидатов'])} — ваши и вашей команды`
      : 'Кандидаты, которых вы и ваша команда отметили в поиске';

  let content: ReactNode;
  if (isPending) {
    content = (
      <Stack gap="md" aria-busy="true" aria-label="Загрузка избранного">
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} height={150} radius="lg" />
        ))}
      </Stack>
    );
  } else if (!data) {
    content = (
      <EmptyState
        icon={IconStar}
        color="yellow"
        title="Не удалось загрузить избранное"
        text="Проверьте подключение к интернету и попробуйте ещё раз."
        action={
          <Button onClick={() => void refetch()} loading={isFetching}>
            Повторить
          </Button>
        }
      />
    );
  } else if (data.data.length === 0) {
    content = (
      <EmptyState
        icon={IconStar}
        color="yellow"
        title="В избранном пока никого"
        text="Отмечайте кандидатов кнопкой «В избранное» на странице резюме — они соберутся здесь вместе с вашими заметками."
        action={
          <Button component={Link} to="/" leftSection={<IconSearch size={18} />}>
            Перейти к поиску
          </Button>
        }
      />
    );
  } else {
    content = (
      <Stack gap="md" style={{ opacity: isFetching && !remove.isPending ? 0.6 : 1 }}>
        {data.data.map((card) => (
          <Card
            key={card.hash}
            card={card}
            href={`/favourite/${card.hash}`}
            footer={
              <FavouriteCardFooter
                card={card}
                viewerId={user?.id}
                removing={remove.isPending && remove.variables === card.hash}
                onRemove={() => askRemove(card)}
              />
            }
          />
        ))}
        <Pager centered page={data.current_page} lastPage={data.last_page} onChange={goTo} label="Страницы избранного" />
      </Stack>
    );
  }

  return (
    <PageSection title="Избранное" subtitle={subtitle}>
      {content}
    </PageSection>
  );
}
