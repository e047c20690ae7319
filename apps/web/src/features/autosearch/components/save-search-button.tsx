import { ActionIcon, Button } from '@mantine/core';
import { IconBookmarkPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '@/shared/session/session-store.ts';

// The dialog (its form, the contract's schema) loads when asked for, or when the pointer comes near.
const loadDialog = () => import('./save-search-dialog.tsx');
const SaveSearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SaveSearchDialog })));

type SaveSearchButtonProps = {
  /** The search's query string as the page's address has it (every condition and the order). */
  query: string;
};

/**
 * «Сохранить поиск» beside the search's count (members only): opens the dialog that saves the
 * search as an автопоиск. Narrow screens show the icon alone.
 */
export function SaveSearchButton({ query }: SaveSearchButtonProps) {
  const { status } = useSession();
  const [opened, setOpened] = useState(false);
  const [asked, setAsked] = useState(false);
  if (status !== 'member') return null;

  const open = () => {
    setAsked(true);
    setOpened(true);
  };
  const warm = () => void loadDialog();
  return (
    <>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconBookmarkPlus size={18} stroke={1.6} aria-hidden />}
        onClick={open}
        onPointerEnter={warm}
        onFocus={warm}
        visibleFrom="sm"
        className="save-search-button"
      >
        Сохранить поиск
      </Button>
      <ActionIcon
        variant="light"
        size={36}
        radius="md"
        onClick={open}
        onFocus={warm}
        hiddenFrom="sm"
        aria-label="Сохранить поиск"
        title="Сохранить поиск"
        className="save-search-button"
      >
        <IconBookmarkPlus size={20} stroke={1.6} aria-hidden />
      </ActionIcon>
      {asked ? (
        <Suspense fallback={null}>
          <SaveSearchDialog opened={opened} onClose={() => setOpened(false)} query={query} />
        </Suspense>
      ) : null}
    </>
  );
}
