import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigate } from 'react-router';
import { ProfileIncompleteNotice } from '@/features/user/components/profile-incomplete-notice.tsx';
import { registerNavigator } from '@/shared/lib/navigation.ts';
import { usePopupEvent } from '@/shared/lib/popups-bus.ts';
import { showMessagePopup } from '@/shared/ui/dialogs.tsx';
import { PageLoader } from '@/shared/ui/page-loader.tsx';
import { useSession } from '@/shared/session/session-store.ts';
import { AuthPopupsHost } from '../popups/auth-popups-host.tsx';
import { CabinetPopupsHost } from '../popups/cabinet-popups-host.tsx';
import { deepestHandle, WHITE_HEADER_ROUTES } from '../route-handle.ts';
import { loadSession } from '../session/session-actions.ts';
import { useRealtimeBridge } from '../session/use-realtime-bridge.ts';
import { useTabSync } from '../session/use-tab-sync.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { RouteGuard } from './route-guard.tsx';

/** Header, the page (guarded, lazily loaded), footer and the popups; the session boots here. */
export function RootLayout() {
  const navigate = useNavigate();
  const handle = deepestHandle(useMatches());
  const { user } = useSession();
  const white = WHITE_HEADER_ROUTES.has(handle?.name ?? '');

  useTabSync();
  useRealtimeBridge();
  usePopupEvent('showMessage', (options) => {
    showMessagePopup(options);
  });

  useEffect(() => {
    registerNavigator((to, options) => void navigate(to, options));
  }, [navigate]);

  useEffect(() => {
    void loadSession();
  }, []);

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Перейти к содержанию
      </a>
      <AppHeader white={white} />
      {user?.profile_incomplete && handle?.name !== 'profile_edit' ? <ProfileIncompleteNotice /> : null}
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        </Suspense>
      </main>
      <AppFooter />
      <AuthPopupsHost />
      <CabinetPopupsHost />
      <ScrollRestoration />
    </div>
  );
}
