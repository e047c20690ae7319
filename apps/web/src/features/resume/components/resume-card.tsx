import type { ResumeCard } from '@hr/contract';
import { IconBriefcase, IconClockHour4, IconMapPin, IconMessageStar } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { opinionsSummaryParts } from '@/shared/lib/opinions-summary.ts';
import { FIRST_SCREEN_TIME_ZONE, useHydrated } from '@/shared/lib/use-hydrated.ts';
import { CardSignalsBadge } from './card-signals-badge.tsx';
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
  // The server draws the first results in Moscow's days; the visitor's own once hydrated.
  const hydrated = useHydrated();

  return (
    <article className="resume-card" aria-labelledby={titleId} data-hash={card.hash}>
      {selection ? <div className="resume-card__select">{selection}</div> : null}
      {/* Plain elements styled by resume.css rather than Mantine's Stack/Group/Text: a search page draws
          twenty of these at once, and each Mantine component resolves its props, variables and class
          names on every render — a large share of the first results' time on a slow machine. */}
      <div className="resume-card__body">
        <div className="resume-card__head">
          {/* elementtiming: the browser reports when the title is on the screen (bench:web reads it). */}
          <Link
            to={href}
            onClick={onOpen}
            id={titleId}
            className="resume-card__title mantine-focus-auto"
            {...{ elementtiming: 'result-card' }}
          >
            {card.highlight ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server escapes the text and adds only <mark>.
              <span dangerouslySetInnerHTML={{ __html: card.highlight.title }} />
            ) : (
              card.title
            )}
          </Link>
          {salary ? <p className="resume-card__salary">{salary}</p> : null}
        </div>

        {facts.length > 0 ? (
          <div className="resume-card__row resume-card__facts">
            {card.city ? <IconMapPin size={16} stroke={1.6} aria-hidden className="resume-card__icon" /> : null}
            <p className="resume-card__text">{facts.join(' · ')}</p>
          </div>
        ) : null}

        <div className="resume-card__row">
          <IconBriefcase size={16} stroke={1.6} aria-hidden className="resume-card__icon" />
          <p className="resume-card__text">
            <span className="resume-card__strong">Опыт работы: {formatExperience(card.total_experience_months)}</span>
            {card.last_job ? (
              <span>
                {' — '}
                {[card.last_job.position, card.last_job.company].filter(Boolean).join(', ')}
              </span>
            ) : null}
          </p>
        </div>

        {opinions.length > 0 ? (
          <div className="resume-card__row resume-card__opinions">
            <IconMessageStar size={16} stroke={1.6} aria-hidden className="resume-card__icon" />
            <p className="resume-card__text">
              <span className="resume-card__strong">Отзывы клуба:</span> {opinions.map((part) => part.text).join(' · ')}
            </p>
          </div>
        ) : null}

        {fragments.length > 0 ? (
          <div className="resume-card__fragments">
            {fragments.map((fragment) => (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server escapes the text and adds only <mark>.
              <p key={fragment} className="resume-card__fragment" dangerouslySetInnerHTML={{ __html: `…${fragment}…` }} />
            ))}
          </div>
        ) : null}

        <div className="resume-card__foot">
          <div className="resume-card__updated">
            <IconClockHour4 size={15} stroke={1.6} aria-hidden className="resume-card__icon" />
            <p className="resume-card__date">{formatUpdated(card.updated_at, hydrated ? undefined : FIRST_SCREEN_TIME_ZONE)}</p>
          </div>
          {card.signals ? <CardSignalsBadge signals={card.signals} /> : null}
          {aside}
        </div>
        {footer}
      </div>
    </article>
  );
}
