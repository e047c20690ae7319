import { lazy, Suspense } from 'react';
import { afterFirstContent } from '@/shared/lib/first-content.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { SearchIntro } from '../components/search-intro.tsx';
import { SearchPage, type SearchPageProps } from './search-page.tsx';

// Below the results: it loads after them.
const ClubMarketing = lazy(() =>
  afterFirstContent()
    .then(() => import('../components/club-marketing.tsx'))
    .then((m) => ({ default: m.ClubMarketing })),
);

type HomePageProps = Omit<SearchPageProps, 'intro' | 'after'> & { withPitch?: boolean };

/** Main (and /search): the search comes first; visitors of main get the club's pitch below it (SEED 1). */
export function HomePage({ withPitch = true, ...props }: HomePageProps) {
  const { status } = useSession();
  const visitor = status === 'guest';
  const pitch =
    visitor && withPitch ? (
      <Suspense fallback={null}>
        <ClubMarketing />
      </Suspense>
    ) : null;
  return <SearchPage {...props} intro={<SearchIntro visitor={visitor} />} after={pitch} />;
}
