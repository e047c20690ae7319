import type { ResumeFull } from '@hr/contract';
import { Group, Stack, Text } from '@mantine/core';
import { ResumeSection } from './resume-section.tsx';

/** The level and the places of study, newest first. */
export function ResumeEducation({ education }: { education: ResumeFull['education'] }) {
  if (!education.level && education.items.length === 0) return null;
  const items = [...education.items].sort((a, b) => (b.year ?? 0) - (a.year ?? 0));
  return (
    <ResumeSection id="resume-education" title="Образование">
      {education.level ? (
        <Text fw={600} c="#1d2733">
          {education.level.title}
        </Text>
      ) : null}
      <Stack gap="sm">
        {items.map((item) => (
          <Group key={`${item.name}-${item.year}`} align="flex-start" wrap="nowrap" gap="md">
            <Text size="sm" fw={700} w={48} c="dimmed" style={{ flexShrink: 0 }}>
              {item.year ?? ''}
            </Text>
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {item.name}
              </Text>
              {[item.organization, item.result].filter(Boolean).length > 0 ? (
                <Text size="sm" c="dimmed">
                  {[item.organization, item.result].filter(Boolean).join(', ')}
                </Text>
              ) : null}
            </Stack>
          </Group>
        ))}
      </Stack>
    </ResumeSection>
  );
}
