import { pageTitle } from '@hr/contract/constants';
import type { ResumeFull } from '@hr/contract';
import { Anchor, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { NOT_FOUND_PATH, navigateTo } from '@/shared/lib/navigation.ts';
import { PageLoader } from '@/shared/ui/page-loader.tsx';
import { useResume } from '../api/get-resume.ts';
import { ExperienceTimeline } from '../components/experience-timeline.tsx';
import { ResumeAside } from '../components/resume-aside.tsx';
import { ResumeConditions } from '../components/resume-conditions.tsx';
import { ResumeEducation } from '../components/resume-education.tsx';
import { ResumeHeader } from '../components/resume-header.tsx';
import { ResumeLoadError } from '../components/resume-load-error.tsx';
import { ResumeSection } from '../components/resume-section.tsx';
import { ResumeSkills } from '../components/resume-skills.tsx';
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

  useEffect(() => {
    if (!error) return;
    // A malformed hash answers 422 («Резюме не найдено»): for the reader it is a missing page too.
    if (isApiError(error) && error.status === 422) navigateTo(NOT_FOUND_PATH, { replace: true });
    else handleErrorWithRedirect(error);
  }, [error]);

  useEffect(() => {
    document.title = pageTitle(resume?.title || 'Резюме');
  }, [resume?.title]);

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
    <div className="resume-backdrop">
      <Container size="lg" py={{ base: 'md', sm: 32 }} px={{ base: 'md', sm: 'lg' }} className="resume-page">
        <Group mb="md" className="no-print">
          <Anchor component={Link} to={back.to} onClick={goBack} size="sm" fw={500} className="resume-back">
            <IconArrowLeft size={16} stroke={1.8} aria-hidden />
            {back.label}
          </Anchor>
        </Group>
        {renderNote ? <div className="resume-note-top no-print">{renderNote(resume)}</div> : null}
        <div className="resume-layout">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className="resume-main resume-main--head">
            <ResumeHeader resume={resume} />
          </Paper>
          <div className="resume-side">
            <ResumeAside resume={resume} favourite={renderFavourite?.(resume)} />
          </div>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className="resume-main resume-main--body">
            <Stack gap={32}>
              <ExperienceTimeline
                resume={resume}
                renderAction={renderExperienceAction ? (entry, index) => renderExperienceAction(resume, entry, index) : undefined}
              />
              <ResumeEducation education={resume.education} />
              <ResumeSkills resume={resume} />
              <ResumeConditions resume={resume} />
              {resume.about ? (
                <ResumeSection id="resume-about" title="О себе">
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {resume.about}
                  </Text>
                </ResumeSection>
              ) : null}
              {renderOpinions?.(resume)}
            </Stack>
          </Paper>
        </div>
      </Container>
    </div>
  );
}
