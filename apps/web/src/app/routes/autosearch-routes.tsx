import { AutosearchListPage } from '@/features/autosearch/pages/autosearch-list-page.tsx';
import { AutosearchResultsPage } from '@/features/autosearch/pages/autosearch-results-page.tsx';
import { AutosearchUnsubscribePage } from '@/features/autosearch/pages/autosearch-unsubscribe-page.tsx';
import { ResumeCardView } from '@/features/resume/components/resume-card.tsx';

/** /autosearch: the member's saved searches. */
export function AutosearchListRoute() {
  return <AutosearchListPage />;
}

/** /autosearch/:id: a saved search's resumes with the search's own cards. */
export function AutosearchResultsRoute() {
  return <AutosearchResultsPage Card={ResumeCardView} />;
}

/** /autosearch/unsubscribe/:token: a digest's one-click unsubscribe (no login). */
export function AutosearchUnsubscribeRoute() {
  return <AutosearchUnsubscribePage />;
}
