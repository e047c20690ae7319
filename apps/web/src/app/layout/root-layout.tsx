import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigate } from 'react-router';
import { afterFirstContent, markFirstContent } from '@/shared/lib/first-content.ts';
import { registerNavigator } from '@/shared/lib/navigation.ts';
import { usePopupEvent } from '@/shared/lib/popups-bus.ts';
import { showMessagePopup } from '@/shared/ui/dialogs.tsx';
import { PageLoader } from '@/shared/ui/page-loader.tsx';
import { useSession } from '@/shared/session/session-store.ts';
import { deepestHandle, WHITE_HEADER_ROUTES } from '../route-handle.ts';
import { loadFirstSession } from '../session/session-actions.ts';
import { useTabSync } from '../session/use-tab-sync.ts';
import { HeaderShell } from './header-shell.tsx';
import { RouteGuard } from './route-guard.tsx';

// The header's menus, drawer and tooltips, the footer, the popups and the live socket load after the
// page's first content (the header's shell stands in) — at once when the address opens a popup.
const POPUP_IN_ADDRESS = typeof window !== 'undefined' && /[?&](show|email|pass_reset_token|user_token|e_notify)=/.test(window.location.search);
const later = () => (POPUP_IN_ADDRESS ? Promise.resolve() : afterFirstContent()).then(() => import('./after-first-content.tsx'));
const AppHeader = lazy(() => later().then((m) => ({ default: m.AppHeader })));
const AppFooter = lazy(() => later().then((m) => ({ default: m.AppFooter })));
const AuthPopupsHost = lazy(() => later().then((m) => ({ default: m.AuthPopupsHost })));
const CabinetPopupsHost = lazy(() => later().then((m) => ({ default: m.CabinetPopupsHost })));
const RealtimeBridge = lazy(() => later().then((m) => ({ default: m.RealtimeBridge })));
const ProfileIncompleteNotice = lazy(() =>
  import('@/features/user/components/profile-incomplete-notice.tsx').then((m) => ({ default: m.ProfileIncompleteNotice })),
);

/** The search pages say themselves when their first results are on screen. */
const MARKS_ITS_OWN_FIRST_CONTENT: ReadonlySet<string> = new Set(['main', 'search']);

/** Header, the page (guarded, lazily loaded), footer and the popups; the session boots here. */
export function RootLayout() {
  const navigate = useNavigate();
  const handle = deepestHandle(useMatches());
  const { user } = useSession();
  const white = WHITE_HEADER_ROUTES.has(handle?.name ?? '');

  useTabSync();
  usePopupEvent('showMessage', (options) => {
    showMessagePopup(options);
  });

  const routeName = handle?.name ?? '';
  useEffect(() => {
    if (!MARKS_ITS_OWN_FIRST_CONTENT.has(routeName)) markFirstContent();
  }, [routeName]);

  useEffect(() => {
    registerNavigator((to, options) => void navigate(to, options));
  }, [navigate]);

  useEffect(() => {
    void loadFirstSession();
  }, []);

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Перейти к содержанию
      </a>
      {/* One boundary: the header's buttons and the popups they open appear together. */}
      <Suspense fallback={<HeaderShell white={white} />}>
        <AppHeader white={white} />
        <AuthPopupsHost />
        <CabinetPopupsHost />
        <RealtimeBridge />
      </Suspense>
      {user?.profile_incomplete && handle?.name !== 'profile_edit' ? (
        <Suspense fallback={null}>
          <ProfileIncompleteNotice />
        </Suspense>
      ) : null}
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <AppFooter />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
