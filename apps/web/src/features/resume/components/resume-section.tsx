import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type ResumeSectionProps = { title: ReactNode; children: ReactNode; id?: string };

/** One block of the resume page: a heading and its content. */
export function ResumeSection({ title, children, id }: ResumeSectionProps) {
  return (
    <Stack component="section" gap="sm" className="resume-section" aria-labelledby={id}>
      <Title order={2} fz={20} id={id} className="resume-section__title">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
