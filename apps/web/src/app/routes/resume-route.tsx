import type { ResumeFull } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { FavouriteControl, type FavouriteState } from '@/features/favourite/components/favourite-control.tsx';
import { FavouriteNoteCard } from '@/features/favourite/components/favourite-note-card.tsx';
import { resumeQueryKey } from '@/features/resume/api/get-resume.ts';
import { signalsQueryKey } from '@/features/resume/api/get-signals.ts';
import { ResumePage } from '@/features/resume/pages/resume-page.tsx';
import { ResumeVisitorPage } from '@/features/resume/pages/resume-visitor-page.tsx';
import { useSession } from '@/shared/session/session-store.ts';
import { PageLoader } from '@/shared/ui/page-loader.tsx';
import { InviteToVacancy } from '@/features/vacancy/components/invite-to-vacancy.tsx';
import { useResumeReviewSlots } from './resume-review-slots.tsx';

/** The favourite state of the open resume lives in its query: both favourite controls read it. */
function useFavouriteSetter(hash: string) {
  const client = useQueryClient();
  return (next: FavouriteState) => {
    client.setQueryData<ResumeFull>(resumeQueryKey(hash), (resume) => (resume ? { ...resume, favourite: next } : resume));
    // «Уже в работе у коллег» counts favourites: the panel asks again.
    void client.invalidateQueries({ queryKey: signalsQueryKey(hash) });
  };
}

/**
 * /resume/{hash}: a member sees the resume with «В избранное» and the note beside it; a visitor
 * (a shared link, a search card) sees what a visitor may see and the way to sign in.
 */
export function ResumeRoute() {
  const { hash = '' } = useParams();
  const { status } = useSession();
  if (status === 'unknown') return <PageLoader label="Загружаем резюме" />;
  if (status === 'guest') return <ResumeVisitorPage key={hash} hash={hash} />;
  return <MemberResume hash={hash} />;
}

function MemberResume({ hash }: { hash: string }) {
  const setFavourite = useFavouriteSetter(hash);
  const reviewSlots = useResumeReviewSlots(hash);
  return (
    <ResumePage
      key={hash}
      hash={hash}
      {...reviewSlots}
      renderFavourite={(resume) => (
        <>
          <FavouriteControl hash={resume.hash} favourite={resume.favourite} onChange={setFavourite} />
          <InviteToVacancy hash={resume.hash} />
        </>
      )}
    />
  );
}

/** /favourite/{hash}: the same resume, with the note first. */
export function FavouriteResumeRoute() {
  const { hash = '' } = useParams();
  const setFavourite = useFavouriteSetter(hash);
  const reviewSlots = useResumeReviewSlots(hash);
  return (
    <ResumePage
      key={hash}
      hash={hash}
      {...reviewSlots}
      backTo={{ to: '/favourite', label: 'К избранному' }}
      renderNote={(resume) => <FavouriteNoteCard hash={resume.hash} favourite={resume.favourite} onChange={setFavourite} />}
      renderFavourite={(resume) => (
        <FavouriteControl hash={resume.hash} favourite={resume.favourite} onChange={setFavourite} withNote={false} />
      )}
    />
  );
}
