import { CandidateSearch } from './candidate-search.tsx';

/** /search: the same search as main, without the pitch. */
export function SearchRoute() {
  return <CandidateSearch withPitch={false} />;
}
