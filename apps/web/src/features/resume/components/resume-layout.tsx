import { Anchor, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { ResumeSection } from './resume-section.tsx';

type ResumeLayoutProps = {
  back: { to: string; label: string; onClick?: (event: MouseEvent) => void };
  /** Above the resume (the favourite's note). */
  top?: ReactNode;
  header: ReactNode;
  /** The column beside the header: actions for a member, «Войдите…» for a visitor. */
  side: ReactNode;
  /** The sections of the body, in order. */
  children: ReactNode;
  /** Below the sheet, the whole width (similar resumes). */
  after?: ReactNode;
  testId?: string;
};

/**
 * The frame of a resume page, the same for a member and a visitor: the way back, the header and
 * the side column, then the body (experience, education, skills…). Print-friendly (`no-print`).
 */
export function ResumeLayout({ back, top, header, side, children, after, testId }: ResumeLayoutProps) {
  return (
    <div className="resume-backdrop">
      <Container size="lg" py={{ base: 'md', sm: 32 }} px={{ base: 'md', sm: 'lg' }} className="resume-page" data-testid={testId}>
        <Group mb="md" className="no-print">
          <Anchor component={Link} to={back.to} onClick={back.onClick} size="sm" fw={500} className="resume-back">
            <IconArrowLeft size={16} stroke={1.8} aria-hidden />
            {back.label}
          </Anchor>
        </Group>
        {top ? <div className="resume-note-top no-print">{top}</div> : null}
        <div className="resume-layout">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className="resume-main resume-main--head">
            {header}
          </Paper>
          <div className="resume-side">{side}</div>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className="resume-main resume-main--body">
            <Stack gap={32}>{children}</Stack>
          </Paper>
        </div>
        {after}
      </Container>
    </div>
  );
}

/** «О себе», when the candidate wrote something. */
export function ResumeAbout({ about }: { about: string | null | undefined }) {
  if (!about) return null;
  return (
    <ResumeSection id="resume-about" title="О себе">
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {about}
      </Text>
    </ResumeSection>
  );
}
