import { AUTOSEARCH_MAX, AUTOSEARCH_MSG } from '@hr/contract/autosearch';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBookmarks, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useDictionaries } from '@/features/dictionary/api/get-dictionaries.ts';
import { handleErrorWithRedirect, handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { plural } from '@/shared/lib/format.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { type SavedSearch, useAutosearches, useDeleteAutosearch } from '../api/autosearch-api.ts';
import { AutosearchItem } from '../components/autosearch-item.tsx';
import { AutosearchSkeletons } from '../components/autosearch-skeletons.tsx';
import { ShareDialog } from '../components/share-dialog.tsx';
import { DESCRIBE_DICTIONARIES, describeQuery } from '../lib/describe-query.ts';
import '../autosearch.css';

const SEARCHES = ['автопоиск', 'автопоиска', 'автопоисков'] as const;

/** `/autosearch`: the member's saved searches with their new resumes; rename, share, delete, open. */
export function AutosearchListPage() {
  const { user } = useSession();
  const list = useAutosearches();
  const remove = useDeleteAutosearch();
  const dictionaries = useDictionaries(DESCRIBE_DICTIONARIES);
  const [sharing, setSharing] = useState<SavedSearch | null>(null);

  useEffect(() => {
    if (list.error) handleErrorWithRedirect(list.error);
  }, [list.error]);

  const askDelete = (search: SavedSearch) =>
    showConfirmDialog({
      title: 'Удалить автопоиск?',
      children: <Text size="sm">Автопоиск «{search.name}» исчезнет, рассылка по нему прекратится. Резюме останутся в поиске.</Text>,
      confirmLabel: 'Удалить',
      cancelLabel: 'Отмена',
      onConfirm: () =>
        remove.mutate(search.id, {
          onSuccess: () => notifications.show({ message: `${AUTOSEARCH_MSG.deleted}: «${search.name}»` }),
          onError: (failure) => handleErrorWithoutRedirect(failure),
        }),
    });

  const searches = list.data ?? [];
  const withNew = searches.filter((s) => s.new_count > 0 || s.new_count_capped).length;
  let subtitle: ReactNode = 'Сохранённые поиски: новые резюме по ним и рассылка на почту или в Telegram';
  if (searches.length > 0) {
    subtitle = `${searches.length} ${plural(searches.length, SEARCHES)} из ${AUTOSEARCH_MAX}${withNew ? `; с новыми резюме: ${withNew}` : ''}`;
  }

  let content: ReactNode;
  if (list.isPending) {
    content = <AutosearchSkeletons />;
  } else if (!list.data) {
    content = (
      <EmptyState
        icon={IconBookmarks}
        title="Не удалось загрузить автопоиски"
        text="Проверьте подключение к интернету и попробуйте ещё раз."
        action={
          <Button onClick={() => void list.refetch()} loading={list.isFetching}>
            Повторить
          </Button>
        }
      />
    );
  } else if (searches.length === 0) {
    content = (
      <EmptyState
        icon={IconBookmarks}
        title="Автопоисков пока нет"
        text={
          <>
            Сохраните поиск на странице поиска — кнопка «Сохранить поиск» рядом с числом найденных резюме. Здесь будет видно, сколько новых
            резюме появилось, а новые можно получать на почту или в Telegram.
          </>
        }
        action={
          <Button component={Link} to="/" leftSection={<IconSearch size={18} />}>
            Перейти к поиску
          </Button>
        }
      />
    );
  } else {
    content = (
      <Stack gap="md" component="section" aria-label="Автопоиски">
        {searches.map((search) => (
          <AutosearchItem
            key={search.id}
            search={search}
            conditions={describeQuery(search.query, dictionaries)}
            telegramEnabled={user?.telegram_enabled ?? false}
            onShare={() => setSharing(search)}
            onDelete={() => askDelete(search)}
            deleting={remove.isPending && remove.variables === search.id}
          />
        ))}
        <Text size="sm" c="dimmed">
          Новые резюме считаются с последнего открытия автопоиска; число обновляется, когда в базу приходят резюме, и не реже раза в час.{' '}
          <Anchor component={Link} to="/">
            Новый поиск
          </Anchor>
        </Text>
      </Stack>
    );
  }

  return (
    <PageSection title="Автопоиски" subtitle={<span aria-live="polite">{subtitle}</span>} size="md">
      {content}
      <ShareDialog search={sharing} onClose={() => setSharing(null)} />
    </PageSection>
  );
}
