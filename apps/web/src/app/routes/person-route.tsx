import { PersonPage } from '@/features/person/pages/person-page.tsx';
import { PersonTeamAction } from '@/features/team/components/person-team-action.tsx';
import { refreshAccess } from '../session/refresh-access.ts';

/** /person/{id}: the member's card with what the viewer may do in teams («Вступить в команду», «Пригласить в команду»). */
export function PersonRoute() {
  return <PersonPage renderActions={(person) => <PersonTeamAction person={person} onChanged={refreshAccess} />} />;
}
