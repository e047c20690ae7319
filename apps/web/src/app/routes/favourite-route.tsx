import { FavouritePage } from '@/features/favourite/pages/favourite-page.tsx';
import { ResumeCardView } from '@/features/resume/components/resume-card.tsx';

/** /favourite with the resume cards. */
export function FavouriteRoute() {
  return <FavouritePage Card={ResumeCardView} />;
}
