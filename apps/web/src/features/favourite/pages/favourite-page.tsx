import type { FavouriteListItem, ResumeCard } from '@hr/contract';
import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFolderOpen, IconSearch, IconStar } from '@tabler/icons-react';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithRedirect, handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { plural } from '@/shared/lib/format.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { Pager } from '@/shared/ui/pager.tsx';
import { useFavouriteFolders } from '../api/folders.ts';
import { useFavourites } from '../api/get-favourites.ts';
import { useRemoveFavourite } from '../api/remove-favourite.ts';
import { FavouriteCardFooter } from '../components/favourite-card-footer.tsx';
import { FavouriteToolbar } from '../components/favourite-toolbar.tsx';
import { FolderManager } from '../components/folder-manager.tsx';
import { type FavouriteFilter, filterFromParams, paramsOf } from '../lib/favourite-url.ts';

const PER_PAGE = 20;
const CANDIDATES = ['кандидат', 'кандидата', 'кандидатов'] as const;

/** What the page needs of a card component (the resume feature's, passed in by the route). */
export type FavouriteCardProps = { card: ResumeCard; href: string; footer?: ReactNode };

/** `/favourite`: the member's and the team's favourite candidates, with notes, folders, search and export. */
export function FavouritePage({ Card }: { Card: ComponentType<FavouriteCardProps> }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = filterFromParams(params);
  const { user } = useSession();
  const { data, error, isPending, isFetching, refetch } = useFavourites(page, PER_PAGE, filter);
  const folders = useFavouriteFolders();
  const remove = useRemoveFavourite();
  const [managing, setManaging] = useState(false);
  const filtered = !!(filter.q || filter.folder);
  const folderList = folders.data ?? [];
  const currentFolder = filter.folder ? folderList.find((f) => f.id === filter.folder) : undefined;

  useEffect(() => {
    if (!error) return;
    // A folder that is gone (deleted, or the team left): back to the whole list.
    if (filter.folder && error instanceof ApiError && error.status === 404) {
      setParams(paramsOf({ q: filter.q }), { replace: true });
      return;
    }
    handleErrorWithRedirect(error);
  }, [error, filter.folder, filter.q, setParams]);

  // The last card of the last page removed: step back a page.
  useEffect(() => {
    if (data && data.data.length === 0 && page > 1) setParams(paramsOf(filter, page - 1), { replace: true });
  }, [data, page, setParams, filter]);

  const setFilter = (next: FavouriteFilter) => setParams(paramsOf(next));
  const goTo = (next: number) => {
    setParams(paramsOf(filter, next));
    window.scrollTo({ top: 0 });
  };

  const askRemove = (card: FavouriteListItem) =>
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
  let subtitle = 'Кандидаты, которых вы и ваша команда отметили в поиске';
  if (data && filtered)
    subtitle = `Найдено: ${total} ${plural(total, CANDIDATES)}${currentFolder ? ` в папке «${currentFolder.name}»` : ''}`;
  else if (data && total > 0) subtitle = `${total} ${plural(total, CANDIDATES)} — ваши и вашей команды`;

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
  } else if (data.data.length === 0 && filtered) {
    content = (
      <EmptyState
        icon={filter.q ? IconSearch : IconFolderOpen}
        color="yellow"
        title={filter.q ? 'Ничего не нашлось' : 'В папке пока никого'}
        text={
          filter.q
            ? `Поиск идёт по должности, ключевым навыкам и заметкам. Попробуйте другое слово${filter.folder ? ' или поищите во всех папках' : ''}.`
            : 'Кладите кандидатов в папку кнопкой «Папки» под карточкой или на странице резюме.'
        }
        action={
          <Button variant="light" onClick={() => setFilter({})}>
            Показать всех
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
      <Stack gap="md" aria-busy={isFetching} style={{ opacity: isFetching && !remove.isPending ? 0.6 : 1 }}>
        {data.data.map((card) => (
          <Card
            key={card.hash}
            card={card}
            href={`/favourite/${card.hash}`}
            footer={
              <FavouriteCardFooter
                card={card}
                viewerId={user?.id}
                folders={folderList}
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

  const showToolbar = isPending || filtered || total > 0 || folderList.length > 0;
  return (
    <PageSection title="Избранное" subtitle={<span aria-live="polite">{subtitle}</span>}>
      {showToolbar ? (
        <FavouriteToolbar
          filter={filter}
          folders={folderList}
          onFilter={setFilter}
          onManageFolders={() => setManaging(true)}
          empty={!data || total === 0}
        />
      ) : null}
      {content}
      <FolderManager
        opened={managing}
        onClose={() => setManaging(false)}
        folders={folderList}
        onDeleted={(id) => {
          if (filter.folder === id) setFilter({ q: filter.q });
        }}
      />
    </PageSection>
  );
}
