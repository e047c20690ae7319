import { STORAGE_LOGIN_KEY, STORAGE_LOGOUT_KEY } from '@hr/contract/constants';
import { useEffect, useRef } from 'react';
import { useMatches, useNavigate } from 'react-router';
import { needsAuth } from '../route-handle.ts';
import { clearSession, loadSession } from './session-actions.ts';

/** Other tabs' login and logout (localStorage hr-app-login / hr-app-logout) are followed here. */
export function useTabSync(): void {
  const navigate = useNavigate();
  const matches = useMatches();
  const onAuthRoute = useRef(false);
  onAuthRoute.current = needsAuth(matches);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      if (event.key === STORAGE_LOGIN_KEY && event.newValue) {
        void loadSession();
      } else if (event.key === STORAGE_LOGOUT_KEY && event.newValue) {
        clearSession();
        if (onAuthRoute.current) navigate('/', { replace: true });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate]);
}
