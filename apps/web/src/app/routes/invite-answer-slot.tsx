import { lazy, Suspense } from 'react';
import type { RenderInviteAnswer } from '@/features/notify/components/notify-item.tsx';
import { refreshAccess } from '../session/refresh-access.ts';

// The header carries this slot: the team's buttons load when a pending invitation is first shown, not with the page.
const InviteAnswer = lazy(() => import('@/features/team/components/invite-answer.tsx').then((m) => ({ default: m.InviteAnswer })));

/** A pending team invitation in the notifications is answered in place (the team feature's buttons). */
export const renderInviteAnswer: RenderInviteAnswer = (invite, answered) => (
  <Suspense fallback={null}>
    <InviteAnswer
      inviteId={invite.id}
      onAnswered={(status) => {
        answered(status);
        // Joining a team brings the lead's flags, vacancies and favourites.
        refreshAccess();
      }}
    />
  </Suspense>
);
