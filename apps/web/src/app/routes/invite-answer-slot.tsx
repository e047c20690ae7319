import type { RenderInviteAnswer } from '@/features/notify/components/notify-item.tsx';
import { InviteAnswer } from '@/features/team/components/invite-answer.tsx';
import { refreshAccess } from '../session/refresh-access.ts';

/** A pending team invitation in the notifications is answered in place (the team feature's buttons). */
export const renderInviteAnswer: RenderInviteAnswer = (invite, answered) => (
  <InviteAnswer
    inviteId={invite.id}
    onAnswered={() => {
      answered();
      // Joining a team brings the lead's flags.
      refreshAccess();
    }}
  />
);
