import type { ResumeContacts, ResumeFull } from '@hr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, fetchCsrfCookie } from '@/shared/api/api-client.ts';
import { resumeQueryKey } from './get-resume.ts';

/** POST /api/resume/{hash}/contacts — needs open_contact; 429 when the daily limit is spent. */
export async function openContacts(hash: string): Promise<ResumeContacts> {
  await fetchCsrfCookie();
  const answer = await apiPost<ResumeContacts>(`/api/resume/${encodeURIComponent(hash)}/contacts`);
  return answer.res;
}

export function useOpenContacts(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => openContacts(hash),
    // Opened contacts stay open for this member: shown at once, then the page is read again, since
    // contacts typed into the resume's own text are masked until they are opened.
    onSuccess: (contacts) => {
      client.setQueryData<ResumeFull>(resumeQueryKey(hash), (resume) => (resume ? { ...resume, contacts_opened: true, contacts } : resume));
      void client.invalidateQueries({ queryKey: resumeQueryKey(hash) });
    },
  });
}
