import { useSession } from '@/shared/session/session-store.ts';
import { ClubMarketing } from '../components/club-marketing.tsx';
import { SearchIntro } from '../components/search-intro.tsx';
import { SearchPage, type SearchPageProps } from './search-page.tsx';

type HomePageProps = Omit<SearchPageProps, 'intro' | 'after'> & { withPitch?: boolean };

/** Main (and /search): the search comes first; visitors of main get the club's pitch below it (SEED 1). */
export function HomePage({ withPitch = true, ...props }: HomePageProps) {
  const { status } = useSession();
  const visitor = status === 'guest';
  return <SearchPage {...props} intro={<SearchIntro visitor={visitor} />} after={visitor && withPitch ? <ClubMarketing /> : null} />;
}
