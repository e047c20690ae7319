import { EDUCATION_QUERY_KEY, educationIdOf } from '@hr/contract/education';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { usePendingEducation } from '@/features/education/api/get-pending-education.ts';
import { loginUrl } from '@/shared/lib/navigation.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { deepestHandle } from '../route-handle.ts';
import { loadSession } from '../session/session-actions.ts';
import { refreshAccess } from '../session/refresh-access.ts';
import { anyDialogOpen, markShown, wasShown } from './auto-popups.ts';
import { educationKeys } from '@/features/education/lib/query-keys.ts';
import { userKeys } from '@/features/user/lib/query-keys.ts';

const VerifyProfileContainer = lazy(() => import('./verify-profile-container.tsx').then((m) => ({ default: m.VerifyProfileContainer })));
const TeamInvitePopup = lazy(() =>
  import('@/features/team/components/team-invite-popup.tsx').then((m) => ({ default: m.TeamInvitePopup })),
);
const EducationDialog = lazy(() =>
  import('@/features/education/components/education-dialog.tsx').then((m) => ({ default: m.EducationDialog })),
);
const TelegramBindPopup = lazy(() =>
  import('@/features/telegram/components/telegram-bind-popup.tsx').then((m) => ({ default: m.TelegramBindPopup })),
);

type CabinetPopup = 'verify' | 'team' | 'education' | 'cloud';

/** The query parameters of the cabinet popups (SEED 2): they are dropped when the popup closes. */
const POPUP_QUERY_KEYS = ['show', 'invite', EDUCATION_QUERY_KEY];
const SHOW_VALUES: Record<string, CabinetPopup> = { verify_profile: 'verify', team_invite: 'team', hr_cloud: 'cloud' };

function popupOf(query: URLSearchParams): CabinetPopup | null {
  const show = SHOW_VALUES[query.get('show') ?? ''];
  if (show) return show;
  return educationIdOf(query.get(EDUCATION_QUERY_KEY)) ? 'education' : null;
}

const AUTO_CHECK_MS = 1500;

/**
 * The cabinet popups (SEED 2: 8, 9, 10 and 6), opened by query parameters: `show=verify_profile`,
 * `show=team_invite&invite={id}`, `e_notify={id}` (EDUCATION_QUERY_KEY), `show=hr_cloud`. Once per session the app opens
 * by itself the confirmation (main_info.must_confirm_profile) and the pending announcement.
 */
export function CabinetPopupsHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { status, user } = useSession();
  const routeName = deepestHandle(useMatches())?.name;
  const query = new URLSearchParams(location.search);
  const popup = status === 'member' ? popupOf(query) : null;
  const [used, setUsed] = useState<ReadonlySet<CabinetPopup>>(() => new Set());

  useEffect(() => {
    if (popup && !used.has(popup)) setUsed(new Set([...used, popup]));
  }, [popup, used]);

  /** Drops the popup parameters from the address (keeps the rest). */
  const close = useCallback(() => {
    const current = new URLSearchParams(window.location.search);
    if (!POPUP_QUERY_KEYS.some((key) => current.has(key))) return;
    for (const key of POPUP_QUERY_KEYS) current.delete(key);
    const rest = current.toString();
    navigate(`${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`, { replace: true });
  }, [navigate]);

  const open = useCallback(
    (params: Record<string, string>) => {
      const current = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(params)) current.set(key, value);
      navigate(`${window.location.pathname}?${current.toString()}${window.location.hash}`, { replace: true });
    },
    [navigate],
  );

  // A visitor who follows such a link (an e-mail copy, say) signs in first and comes back here.
  useEffect(() => {
    if (status !== 'guest' || !popupOf(new URLSearchParams(location.search))) return;
    navigate(loginUrl(`${location.pathname}${location.search}`), { replace: true });
  }, [status, location.pathname, location.search, navigate]);

  // Automatic popups: the profile confirmation first, then the pending announcement; never over another dialog.
  const userId = user?.id;
  const mustConfirm = user?.must_confirm_profile === true;
  const verifyDue = Boolean(userId) && mustConfirm && !wasShown('verify', userId ?? 0) && routeName !== 'profile_edit';
  const educationDue = Boolean(userId) && !verifyDue && !wasShown('education', userId ?? 0);
  const pending = usePendingEducation(userId, educationDue);
  const pendingMessage = pending.data;

  useEffect(() => {
    if (!userId || popup) return;
    const wanted = verifyDue ? 'verify' : educationDue && pendingMessage ? 'education' : null;
    if (!wanted) return;
    const tryOpen = () => {
      if (anyDialogOpen() || popupOf(new URLSearchParams(window.location.search))) return false;
      markShown(wanted, userId);
      if (wanted === 'verify') open({ show: 'verify_profile' });
      else if (pendingMessage) {
        queryClient.setQueryData(educationKeys.message(pendingMessage.id), pendingMessage);
        open({ [EDUCATION_QUERY_KEY]: String(pendingMessage.id) });
      }
      return true;
    };
    if (tryOpen()) return;
    const timer = window.setInterval(() => {
      if (tryOpen()) window.clearInterval(timer);
    }, AUTO_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [userId, popup, verifyDue, educationDue, pendingMessage, open, queryClient]);

  // Shown on demand (the URL) — a later automatic opening is not needed this session.
  useEffect(() => {
    if (!userId) return;
    if (popup === 'verify') markShown('verify', userId);
    if (popup === 'education') markShown('education', userId);
  }, [popup, userId]);

  const mounted = (name: CabinetPopup) => popup === name || used.has(name);
  const inviteId = Number(query.get('invite')) || null;
  const educationId = educationIdOf(query.get(EDUCATION_QUERY_KEY));

  return (
    <Suspense fallback={null}>
      {mounted('verify') ? (
        <VerifyProfileContainer
          opened={popup === 'verify'}
          onClose={close}
          onConfirmed={() => {
            close();
            void loadSession();
            void queryClient.invalidateQueries({ queryKey: userKeys.profiles });
          }}
        />
      ) : null}
      {mounted('team') ? (
        <TeamInvitePopup opened={popup === 'team'} inviteId={inviteId} onClose={close} onAnswered={refreshAccess} />
      ) : null}
      {mounted('education') ? <EducationDialog opened={popup === 'education'} messageId={educationId} onClose={close} /> : null}
      {mounted('cloud') ? <TelegramBindPopup opened={popup === 'cloud'} onClose={close} /> : null}
    </Suspense>
  );
}
