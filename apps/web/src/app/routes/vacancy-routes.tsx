import type { ReplyDetail } from '@hr/contract';
import { Paper, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useDictionaries } from '@/features/dictionary/api/get-dictionaries.ts';
import { ExperienceTimeline } from '@/features/resume/components/experience-timeline.tsx';
import { ResumeConditions } from '@/features/resume/components/resume-conditions.tsx';
import { ResumeEducation } from '@/features/resume/components/resume-education.tsx';
import { ResumeHeader } from '@/features/resume/components/resume-header.tsx';
import { ResumeSection } from '@/features/resume/components/resume-section.tsx';
import { ResumeSkills } from '@/features/resume/components/resume-skills.tsx';
import '@/features/resume/resume.css';
import { hasFlag, useAccess } from '@/features/user/api/get-access.ts';
import type { VacancyDictionaries } from '@/features/vacancy/lib/dictionaries.ts';
import { VacancyCreatePage } from '@/features/vacancy/pages/vacancy-create-page.tsx';
import { VacancyEditPage } from '@/features/vacancy/pages/vacancy-edit-page.tsx';
import { VacancyReplyPage } from '@/features/vacancy/pages/vacancy-reply-page.tsx';

const NAMES = ['workingType', 'schedule', 'experience', 'education', 'roleTree'] as const;

/** The editor's dictionaries (the dictionary feature's cache) and has_vacancy (the user feature's). */
function useEditorProps(): { dictionaries: VacancyDictionaries; canPublish: boolean } {
  const loaded = useDictionaries(NAMES);
  const { access, isLoading } = useAccess();
  const dictionaries = useMemo<VacancyDictionaries>(
    () => ({
      workingType: loaded.workingType ?? [],
      schedule: loaded.schedule ?? [],
      experience: loaded.experience ?? [],
      education: loaded.education ?? [],
      roleTree: loaded.roleTree ?? [],
    }),
    [loaded],
  );
  // While the flags load, say nothing: the server answers 403 anyway.
  return { dictionaries, canPublish: isLoading || hasFlag(access, 'has_vacancy') };
}

export function VacancyCreateRoute() {
  return <VacancyCreatePage {...useEditorProps()} />;
}

export function VacancyEditRoute() {
  return <VacancyEditPage {...useEditorProps()} />;
}

/** The reply in the resume feature's own look: header, experience, education, skills, conditions. */
function ReplyResume({ resume }: { resume: ReplyDetail }) {
  return (
    <>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <ResumeHeader resume={resume} />
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap={32}>
          <ExperienceTimeline resume={resume} />
          <ResumeEducation education={resume.education} />
          <ResumeSkills resume={resume} />
          <ResumeConditions resume={resume} />
          {resume.about ? (
            <ResumeSection id="resume-about" title={resume.source === 'reply' ? 'Резюме кандидата' : 'О себе'}>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {resume.about}
              </Text>
            </ResumeSection>
          ) : null}
        </Stack>
      </Paper>
    </>
  );
}

export function VacancyReplyRoute() {
  return <VacancyReplyPage renderResume={(resume) => <ReplyResume resume={resume} />} />;
}
