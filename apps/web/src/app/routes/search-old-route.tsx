import { useMemo } from 'react';
import { useDictionaries } from '@/features/dictionary/api/get-dictionaries.ts';
import { ResumeCardView } from '@/features/resume/components/resume-card.tsx';
import { SearchOldPage } from '@/features/search/pages/search-old-page.tsx';

const NAMES = ['search_city'] as const;

/** /search_old with the city list and the resume cards. */
export function SearchOldRoute() {
  const { search_city } = useDictionaries(NAMES);
  const cities = useMemo(() => (search_city ?? []).map((item) => ({ value: item.value, label: item.title })), [search_city]);
  return <SearchOldPage cities={cities} Card={ResumeCardView} />;
}
