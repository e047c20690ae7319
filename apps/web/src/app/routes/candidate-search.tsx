import { useDictionaries } from '@/features/dictionary/api/get-dictionaries.ts';
import { useAddFavouritesBulk } from '@/features/favourite/api/add-favourites-bulk.ts';
import { ResumeCardView } from '@/features/resume/components/resume-card.tsx';
import { SEARCH_DICTIONARIES } from '@/features/search/lib/search-types.ts';
import { HomePage } from '@/features/search/pages/home-page.tsx';
import { useAccessFlag } from '@/features/user/api/get-access-flag.ts';

/** The search with the dictionaries, the member's search flags, the resume cards and bulk favourites. */
export function CandidateSearch({ withPitch }: { withPitch: boolean }) {
  const dictionaries = useDictionaries(SEARCH_DICTIONARIES);
  const massSearch = useAccessFlag('mass_search');
  const specSearch = useAccessFlag('spec_search');
  const bulk = useAddFavouritesBulk();
  return (
    <HomePage
      dictionaries={dictionaries}
      massSearch={massSearch}
      specSearch={specSearch}
      Card={ResumeCardView}
      onBulkFavourite={bulk.mutateAsync}
      withPitch={withPitch}
    />
  );
}
