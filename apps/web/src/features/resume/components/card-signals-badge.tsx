import type { ResumeCard } from '@hr/contract';
import { IconUsers } from '@tabler/icons-react';
import { cardSignalsDetails, cardSignalsLabel } from '../lib/signals-format.ts';

/**
 * «В работе у коллег» / «В работе у вашей команды» on a search card (members): the counts in its
 * title and, for screen readers, right after the label. Plain elements, as the rest of the card.
 */
export function CardSignalsBadge({ signals }: { signals: NonNullable<ResumeCard['signals']> }) {
  const details = cardSignalsDetails(signals);
  return (
    <p className={`card-signals${signals.in_team ? ' card-signals--team' : ''}`} title={details} data-testid="card-signals">
      <IconUsers size={14} stroke={1.8} aria-hidden className="card-signals__icon" />
      <span>{cardSignalsLabel(signals)}</span>
      {details ? <span className="card-signals__details">: {details}</span> : null}
    </p>
  );
}
