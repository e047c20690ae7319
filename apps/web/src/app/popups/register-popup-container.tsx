import { useMemo } from 'react';
import { RegisterPopup } from '@/features/auth/components/register-popup.tsx';
import { dictionaryTitles, useDictionaries } from '@/features/dictionary/api/get-dictionaries.ts';

type RegisterPopupContainerProps = Omit<Parameters<typeof RegisterPopup>[0], 'positions' | 'professionAreas'>;

const REGISTER_DICTIONARIES = ['position', 'profession_area'] as const;

/** The registration popup with its dictionaries: auth and dictionary meet here, in app/. */
export function RegisterPopupContainer(props: RegisterPopupContainerProps) {
  const dictionaries = useDictionaries(REGISTER_DICTIONARIES, { enabled: props.opened });
  const positions = useMemo(() => dictionaryTitles(dictionaries.position), [dictionaries.position]);
  const areas = useMemo(() => dictionaryTitles(dictionaries.profession_area), [dictionaries.profession_area]);
  return <RegisterPopup {...props} positions={positions} professionAreas={areas} />;
}
