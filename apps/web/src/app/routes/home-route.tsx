import { CandidateSearch } from './candidate-search.tsx';

/** Main: the candidate search first, the club's pitch below it for visitors. */
export function HomeRoute() {
  return <CandidateSearch withPitch />;
}
