import type { Team } from '@hr/contract';

export type Teammate = { id: number; name: string };

/** Whom a member may share a saved search with: the team's lead and members, less the member. */
export function teammatesOf(team: Team | undefined, selfId: number | undefined): Teammate[] {
  if (!team) return [];
  const people = [...(team.lead ? [team.lead] : []), ...team.members];
  const seen = new Set<number>();
  const out: Teammate[] = [];
  for (const person of people) {
    if (person.id === selfId || seen.has(person.id)) continue;
    seen.add(person.id);
    out.push({ id: person.id, name: [person.family, person.name].filter(Boolean).join(' ') || `Участник №${person.id}` });
  }
  return out;
}
