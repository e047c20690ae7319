import type { ResumeFull } from '@hr/contract';
import { Stack, Text, Timeline } from '@mantine/core';
import type { ReactNode } from 'react';
import { entryMonths } from '@hr/contract/experience';
import { formatDuration, formatExperience, formatMonth } from '../lib/resume-format.ts';
import { ResumeSection } from './resume-section.tsx';

type Entry = ResumeFull['experience'][number];

function period(entry: Entry): string {
  const end = entry.end ? formatMonth(entry.end) : 'по настоящее время';
  return `${formatMonth(entry.start)} — ${end}`;
}

type ExperienceTimelineProps = {
  /** The member's resume or the visitor's view of it. */
  resume: Pick<ResumeFull, 'total_experience_months' | 'experience'>;
  renderAction?: (entry: Entry, index: number) => ReactNode;
};

/** «Опыт работы — 16 лет 1 месяц» and the jobs, newest first, each with its duration. */
export function ExperienceTimeline({ resume, renderAction }: ExperienceTimelineProps) {
  const total = formatExperience(resume.total_experience_months);
  return (
    <ResumeSection id="resume-experience" title={`Опыт работы — ${total.toLowerCase() === 'без опыта' ? 'нет' : total}`}>
      {resume.experience.length === 0 ? (
        <Text c="dimmed">Кандидат не указал опыт работы.</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={resume.experience.length} color="brand" className="experience-timeline">
          {resume.experience.map((entry, index) => (
            <Timeline.Item key={`${entry.company}-${entry.start}`} title={entry.position} className="experience-timeline__item">
              <Stack gap={2}>
                <Text size="sm" fw={600} c="#1d2733">
                  {entry.company}
                  {entry.city ? (
                    <Text span size="sm" fw={400} c="dimmed">
                      {`, ${entry.city}`}
                    </Text>
                  ) : null}
                </Text>
                <Text size="sm" c="dimmed">
                  {period(entry)}
                  {' · '}
                  {formatDuration(entryMonths(entry))}
                </Text>
                {entry.description ? (
                  <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }}>
                    {entry.description}
                  </Text>
                ) : null}
                {renderAction?.(entry, index)}
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </ResumeSection>
  );
}
