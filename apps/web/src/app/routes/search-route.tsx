import { useCallback, useMemo } from 'react';
import { useDictionaries } from '@/features/dictionary/api/get-dictionaries.ts';
import { SearchPage } from '@/features/search/pages/search-page.tsx';

const NAMES = ['search_city'] as const;

export function SearchRoute() {
  const { search_city } = useDictionaries(NAMES);
  const titles = useMemo(() => new Map((search_city ?? []).map((item) => [item.value, item.title])), [search_city]);
  const cityTitle = useCallback((value: string) => titles.get(value), [titles]);
  return <SearchPage cityTitle={cityTitle} />;
}
