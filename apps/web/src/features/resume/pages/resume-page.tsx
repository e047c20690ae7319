import type { ResumeFull } from '@hr/contract';
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@/shared/api/api-error.ts';
import { PageLoader } from '@/shared/ui/page-loader.tsx';
import { useResume } from '../api/get-resume.ts';
import { ExperienceTimeline } from '../components/experience-timeline.tsx';
import { ResumeAside } from '../components/resume-aside.tsx';
import { ResumeConditions } from '../components/resume-conditions.tsx';
import { ResumeEducation } from '../components/resume-education.tsx';
import { ResumeHeader } from '../components/resume-header.tsx';
import { ResumeAbout, ResumeLayout } from '../components/resume-layout.tsx';
import { ResumeLoadError } from '../components/resume-load-error.tsx';
import { ResumeSkills } from '../components/resume-skills.tsx';
import { SignalsPanel } from '../components/signals-panel.tsx';
import { SimilarResumes } from '../components/similar-resumes.tsx';
import { useResumePage } from '../lib/use-resume-page.ts';
import '../resume.css';

type ResumePageProps = {
  hash: string;
  /** The favourite button and note (the favourite feature's, passed in by the route). */
  renderFavourite?: (resume: ResumeFull) => ReactNode;
  /** `/favourite/{hash}`: the note editor, shown above the resume. */
  renderNote?: (resume: ResumeFull) => ReactNode;
  backTo?: { to: string; label: string };
  /** The club's opinions (the review feature's block, passed in by the route). */
  renderOpinions?: (resume: ResumeFull) => ReactNode;
  /** Something under each experience entry («Запросить отзыв»). */
  renderExperienceAction?: (resume: ResumeFull, entry: ResumeFull['experience'][number], index: number) => ReactNode;
};

/** `/resume/{hash}` and `/favourite/{hash}` (PRODUCT 3): the whole resume, print-friendly. */
export function ResumePage({ hash, renderFavourite, renderNote, backTo, renderOpinions, renderExperienceAction }: ResumePageProps) {
  const { data: resume, error, refetch, isFetching } = useResume(hash);
  const navigate = useNavigate();
  useResumePage(error, resume?.title);

  if (!resume) {
    if (error && !(isApiError(error) && [401, 403, 404, 419, 422].includes(error.status))) {
      return <ResumeLoadError onRetry={() => void refetch()} retrying={isFetching} />;
    }
    return <PageLoader label="Загружаем резюме" />;
  }

  const goBack = (event: MouseEvent) => {
    // Back to the very search (or list) the member came from, when there is one.
    if (window.history.state?.idx > 0) {
      event.preventDefault();
      navigate(-1);
    }
  };
  const back = backTo ?? { to: '/', label: 'К поиску кандидатов' };

  return (
    <ResumeLayout
      back={{ ...back, onClick: goBack }}
      top={renderNote?.(resume)}
      header={<ResumeHeader resume={resume} />}
      side={
        <>
          <ResumeAside resume={resume} favourite={renderFavourite?.(resume)} />
          <SignalsPanel hash={resume.hash} />
        </>
      }
      after={<SimilarResumes hash={resume.hash} viewer="member" />}
    >
      <ExperienceTimeline
        resume={resume}
        renderAction={renderExperienceAction ? (entry, index) => renderExperienceAction(resume, entry, index) : undefined}
      />
      <ResumeEducation education={resume.education} />
      <ResumeSkills resume={resume} />
      <ResumeConditions resume={resume} />
      <ResumeAbout about={resume.about} />
      {renderOpinions?.(resume)}
    </ResumeLayout>
  );
}
