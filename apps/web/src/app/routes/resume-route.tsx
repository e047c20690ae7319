import type { ResumeFull } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { FavouriteControl, type FavouriteState } from '@/features/favourite/components/favourite-control.tsx';
import { FavouriteNoteCard } from '@/features/favourite/components/favourite-note-card.tsx';
import { resumeQueryKey } from '@/features/resume/api/get-resume.ts';
import { ResumePage } from '@/features/resume/pages/resume-page.tsx';

/** The favourite state of the open resume lives in its query: both favourite controls read it. */
function useFavouriteSetter(hash: string) {
  const client = useQueryClient();
  return (next: FavouriteState) =>
    client.setQueryData<ResumeFull>(resumeQueryKey(hash), (resume) => (resume ? { ...resume, favourite: next } : resume));
}

/** /resume/{hash}: the resume with «В избранное» and the note beside it. */
export function ResumeRoute() {
  const { hash = '' } = useParams();
  const setFavourite = useFavouriteSetter(hash);
  return (
    <ResumePage
      key={hash}
      hash={hash}
      renderFavourite={(resume) => <FavouriteControl hash={resume.hash} favourite={resume.favourite} onChange={setFavourite} />}
    />
  );
}

/** /favourite/{hash}: the same resume, with the note first. */
export function FavouriteResumeRoute() {
  const { hash = '' } = useParams();
  const setFavourite = useFavouriteSetter(hash);
  return (
    <ResumePage
      key={hash}
      hash={hash}
      backTo={{ to: '/favourite', label: 'К избранному' }}
      renderNote={(resume) => <FavouriteNoteCard hash={resume.hash} favourite={resume.favourite} onChange={setFavourite} />}
      renderFavourite={(resume) => (
        <FavouriteControl hash={resume.hash} favourite={resume.favourite} onChange={setFavourite} withNote={false} />
      )}
    />
  );
}
