import type { ResumeFull } from '@hr/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { languageLevel } from '../lib/resume-format.ts';
import { ResumeSection } from './resume-section.tsx';

/** Key skills as chips, then languages with their levels. */
export function ResumeSkills({ resume }: { resume: Pick<ResumeFull, 'skills' | 'languages'> }) {
  return (
    <>
      {resume.skills.length > 0 ? (
        <ResumeSection id="resume-skills" title="Ключевые навыки">
          <Group gap={8} component="ul" className="plain-list">
            {resume.skills.map((skill) => (
              <Badge key={skill} component="li" variant="light" color="gray" c="#1d2733" radius="sm" size="lg" tt="none" fw={500}>
                {skill}
              </Badge>
            ))}
          </Group>
        </ResumeSection>
      ) : null}
      {resume.languages.length > 0 ? (
        <ResumeSection id="resume-languages" title="Знание языков">
          <Stack gap={4} component="ul" className="plain-list">
            {resume.languages.map((language) => (
              <Text key={language.id} component="li" size="sm">
                <Text span fw={600} size="sm">
                  {language.name}
                </Text>
                {` — ${languageLevel(language.level)}`}
              </Text>
            ))}
          </Stack>
        </ResumeSection>
      ) : null}
    </>
  );
}
