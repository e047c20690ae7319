import { useMemo } from 'react';
import { dictionaryTitles, useDictionaries } from '@/features/dictionary/api/get-dictionaries.ts';
import { VerifyProfilePopup } from '@/features/user/components/verify-profile-popup.tsx';

type VerifyProfileContainerProps = Omit<Parameters<typeof VerifyProfilePopup>[0], 'positions' | 'professionAreas' | 'tags'>;

const NAMES = ['position', 'profession_area', 'profile_tag'] as const;

/** Popup 8 with its dictionaries: user and dictionary meet here, in app/. */
export function VerifyProfileContainer(props: VerifyProfileContainerProps) {
  const dictionaries = useDictionaries(NAMES, { enabled: props.opened });
  const positions = useMemo(() => dictionaryTitles(dictionaries.position), [dictionaries.position]);
  const areas = useMemo(() => dictionaryTitles(dictionaries.profession_area), [dictionaries.profession_area]);
  const tags = useMemo(
    () => (dictionaries.profile_tag ?? []).map((item) => ({ value: item.value, label: item.title })),
    [dictionaries.profile_tag],
  );
  return <VerifyProfilePopup {...props} positions={positions} professionAreas={areas} tags={tags} />;
}
