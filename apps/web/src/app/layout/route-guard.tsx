import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { checkAuth } from '@/features/auth/api/auth-check.ts';
import { loginUrl } from '@/shared/lib/navigation.ts';
import { sessionStore, useSession } from '@/shared/session/session-store.ts';
import { PageLoader } from '@/shared/ui/page-loader.tsx';
import { needsAuth } from '../route-handle.ts';
import { loadSession } from '../session/session-actions.ts';

/**
 * SEED 2: on a login-required route, when the client does not know the user is signed in, it posts
 * /api/auth/check with the page token; anything but 200 goes to /?show=login_form&redirect=<path>.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const { status } = useSession();
  const protectedRoute = needsAuth(matches);
  const [allowedKey, setAllowedKey] = useState<string | null>(null);
  const known = status === 'member';

  useEffect(() => {
    if (!protectedRoute || sessionStore.isAuthenticated()) return;
    let cancelled = false;
    const wanted = `${location.pathname}${location.search}${location.hash}`;
    void checkAuth().then((ok) => {
      if (cancelled) return;
      if (ok) {
        setAllowedKey(location.key);
        if (!sessionStore.isAuthenticated()) void loadSession();
      } else {
        navigate(loginUrl(wanted), { replace: true });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [protectedRoute, location.key, location.pathname, location.search, location.hash, navigate]);

  if (!protectedRoute || known || allowedKey === location.key) return <>{children}</>;
  return <PageLoader label="Проверяем вход" />;
}
