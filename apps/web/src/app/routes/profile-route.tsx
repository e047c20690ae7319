import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { NotifyList } from '@/features/notify/components/notify-list.tsx';
import { MyReviewsCard } from '@/features/review/components/my-reviews-card.tsx';
import { TeamCard } from '@/features/team/components/team-card.tsx';
import { TelegramCard } from '@/features/telegram/components/telegram-card.tsx';
import { ProfilePage } from '@/features/user/pages/profile-page.tsx';
import { MyVacanciesCard } from '@/features/vacancy/components/my-vacancies-card.tsx';
import { refreshAccess } from '../session/refresh-access.ts';
import { renderInviteAnswer } from './invite-answer-slot.tsx';

/** The cabinet: the user's blocks plus notifications, team and the HR cloud. */
export function ProfileRoute() {
  const [, setSearchParams] = useSearchParams();
  const openBind = useCallback(
    () =>
      setSearchParams((params) => {
        params.set('show', 'hr_cloud');
        return params;
      }),
    [setSearchParams],
  );
  return (
    <ProfilePage
      notifications={<NotifyList renderInviteAnswer={renderInviteAnswer} />}
      team={<TeamCard onChanged={refreshAccess} />}
      telegram={<TelegramCard onOpenBind={openBind} />}
      vacancies={<MyVacanciesCard />}
      reviews={<MyReviewsCard />}
    />
  );
}
