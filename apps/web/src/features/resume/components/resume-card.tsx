import type { ResumeCard } from '@hr/contract';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconBriefcase, IconClockHour4, IconMapPin, IconMessageStar } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { opinionsSummaryParts } from '@/shared/lib/opinions-summary.ts';
import { candidateName, formatAge, formatExperience, formatSalary, formatUpdated } from '../lib/resume-format.ts';
import '../resume.css';

export type ResumeCardViewProps = {
  card: ResumeCard;
  /** Where the title leads (`/resume/{hash}`, `/favourite/{hash}`). */
  href: string;
  /** A visitor's click asks to log in instead of following the link. */
  onOpen?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** A checkbox before the card (mass_search). */
  selection?: ReactNode;
  /** Extra lines under the card (favourite note, actions). */
  footer?: ReactNode;
  /** Something beside the update date (views). */
  aside?: ReactNode;
  /** One line less: the plain old search. */
  compact?: boolean;
};

/** A search card (PRODUCT 4): title, age, city, salary, last job, experience, update date; highlighted matches. */
export function ResumeCardView({ card, href, onOpen, selection, footer, aside, compact }: ResumeCardViewProps) {
  const titleId = `resume-card-${card.hash}`;
  const salary = formatSalary(card.salary);
  const name = candidateName(card);
  const facts = [name, formatAge(card.age), card.city?.title].filter(Boolean);
  const fragments = compact ? [] : (card.highlight?.fragments ?? []);
  const opinions = opinionsSummaryParts(card.opinions_summary);

  return (
    <article className="resume-card" aria-labelledby={titleId} data-hash={card.hash}>
      {selection ? <div className="resume-card__select">{selection}</div> : null}
      <Stack gap={6} className="resume-card__body">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md" className="resume-card__head">
          <Anchor component={Link} to={href} onClick={onOpen} id={titleId} className="resume-card__title">
            {card.highlight ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server escapes the text and adds only <mark>.
              <span dangerouslySetInnerHTML={{ __html: card.highlight.title }} />
            ) : (
              card.title
            )}
          </Anchor>
          {salary ? (
            <Text className="resume-card__salary" fw={700}>
              {salary}
            </Text>
          ) : null}
        </Group>

        {facts.length > 0 ? (
          <Group gap={6} className="resume-card__facts" wrap="nowrap" align="flex-start">
            {card.city ? <IconMapPin size={16} stroke={1.6} aria-hidden className="resume-card__icon" /> : null}
            <Text size="sm" c="#33404f">
              {facts.join(' · ')}
            </Text>
          </Group>
        ) : null}

        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconBriefcase size={16} stroke={1.6} aria-hidden className="resume-card__icon" />
          <Text size="sm" c="#33404f">
            <Text span size="sm" fw={600}>
              Опыт работы: {formatExperience(card.total_experience_months)}
            </Text>
            {card.last_job ? (
              <Text span size="sm">
                {' — '}
                {[card.last_job.position, card.last_job.company].filter(Boolean).join(', ')}
              </Text>
            ) : null}
          </Text>
        </Group>

        {opinions.length > 0 ? (
          <Group gap={6} wrap="nowrap" align="flex-start" className="resume-card__opinions">
            <IconMessageStar size={16} stroke={1.6} aria-hidden className="resume-card__icon" />
            <Text size="sm" c="#33404f">
              <Text span size="sm" fw={600}>
                Отзывы клуба:
              </Text>{' '}
              {opinions.map((part) => part.text).join(' · ')}
            </Text>
          </Group>
        ) : null}

        {fragments.length > 0 ? (
          <Stack gap={2} className="resume-card__fragments">
            {fragments.map((fragment) => (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server escapes the text and adds only <mark>.
              <Text key={fragment} size="sm" c="dimmed" dangerouslySetInnerHTML={{ __html: `…${fragment}…` }} />
            ))}
          </Stack>
        ) : null}

        <Group justify="space-between" gap="sm" mt={2}>
          <Group gap={6} wrap="nowrap">
            <IconClockHour4 size={15} stroke={1.6} aria-hidden className="resume-card__icon" />
            <Text size="xs" c="dimmed">
              {formatUpdated(card.updated_at)}
            </Text>
          </Group>
          {aside}
        </Group>
        {footer}
      </Stack>
    </article>
  );
}
