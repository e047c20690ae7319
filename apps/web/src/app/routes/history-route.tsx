import { HistoryPage } from '@/features/history/pages/history-page.tsx';
import { ResumeCardView } from '@/features/resume/components/resume-card.tsx';

/** /history with the resume cards. */
export function HistoryRoute() {
  return <HistoryPage Card={ResumeCardView} />;
}
