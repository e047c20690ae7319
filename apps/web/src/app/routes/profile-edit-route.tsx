import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { dictionaryTitles, useDictionaries } from '@/features/dictionary/api/get-dictionaries.ts';
import { TelegramSettings } from '@/features/telegram/components/telegram-settings.tsx';
import { ProfileEditPage } from '@/features/user/pages/profile-edit-page.tsx';
import { loadSession } from '../session/session-actions.ts';
import { refreshAccess } from '../session/refresh-access.ts';

const NAMES = ['position', 'profession_area', 'profile_tag'] as const;

/** Profile edit with the dictionaries and the Telegram block. */
export function ProfileEditRoute() {
  const dictionaries = useDictionaries(NAMES);
  const positions = useMemo(() => dictionaryTitles(dictionaries.position), [dictionaries.position]);
  const areas = useMemo(() => dictionaryTitles(dictionaries.profession_area), [dictionaries.profession_area]);
  const tags = useMemo(
    () => (dictionaries.profile_tag ?? []).map((item) => ({ value: item.value, label: item.title })),
    [dictionaries.profile_tag],
  );
  const [, setSearchParams] = useSearchParams();
  const openBind = useCallback(
    () =>
      setSearchParams((params) => {
        params.set('show', 'hr_cloud');
        return params;
      }),
    [setSearchParams],
  );
  const onSaved = useCallback(() => {
    // The header's name and the review preferences (access flags) may have changed.
    void loadSession();
    refreshAccess();
  }, []);

  return (
    <ProfileEditPage
      positions={positions}
      professionAreas={areas}
      tags={tags}
      telegram={<TelegramSettings onOpenBind={openBind} />}
      onSaved={onSaved}
    />
  );
}
