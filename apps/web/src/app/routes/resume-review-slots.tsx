import type { ResumeFull } from '@hr/contract';
import { useQueryClient } from '@tanstack/react-query';
import { resumeQueryKey } from '@/features/resume/api/get-resume.ts';
import { OpinionsBlock } from '@/features/review/components/opinions-block.tsx';
import { RequestReviewButton } from '@/features/review/components/request-review-button.tsx';

/** The review feature's parts of a resume page: the opinions block and «Запросить отзыв» per job. */
export function useResumeReviewSlots(hash: string) {
  const client = useQueryClient();
  return {
    renderOpinions: (resume: ResumeFull) => (
      <OpinionsBlock
        hash={resume.hash}
        summary={resume.opinions_summary}
        myOpinionId={resume.my_opinion_id}
        canRequest={resume.permissions.can_open_contacts}
        // The summary and «my opinion» live in the resume answer.
        onChanged={() => void client.invalidateQueries({ queryKey: resumeQueryKey(hash) })}
      />
    ),
    // A review request hands the candidate's name to its sender: offered only to members who may open contacts.
    renderExperienceAction: (resume: ResumeFull, entry: ResumeFull['experience'][number], index: number) =>
      resume.permissions.can_open_contacts ? (
        <RequestReviewButton hash={resume.hash} experienceIndex={index} company={entry.company} position={entry.position} />
      ) : null,
  };
}
