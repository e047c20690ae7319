import { useMemo } from 'react';
import { useDictionaries } from '@/features/dictionary/api/get-dictionaries.ts';
import { HomePage } from '@/features/search/pages/home-page.tsx';

const NAMES = ['search_city'] as const;

/** Main with the city list from the dictionary feature. */
export function HomeRoute() {
  const { search_city } = useDictionaries(NAMES);
  const cities = useMemo(() => (search_city ?? []).map((item) => ({ value: item.value, label: item.title })), [search_city]);
  return <HomePage cities={cities} />;
}
