import { POPUP_REOPEN_DELAY_MS } from '@hr/contract/constants';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LoginChannels } from '@/features/auth/api/login-check.ts';
import type { LoginVariant } from '@/features/auth/components/login-popup.tsx';
import { afterFirstContent } from '@/shared/lib/first-content.ts';
import { firstInteraction } from '@/shared/lib/first-interaction.ts';
import { safeRedirectTarget } from '@/shared/lib/navigation.ts';
import { usePopupEvent } from '@/shared/lib/popups-bus.ts';
import { sessionStore } from '@/shared/session/session-store.ts';
import { completeLogin } from '../session/session-actions.ts';

// The popups (and the validation schemas they carry) load on first use, or when the browser is idle
// once the visitor starts using the page (pointer, touch, key, focus or scroll).
const loadLogin = () => import('@/features/auth/components/login-popup.tsx');
const loadCode = () => import('@/features/auth/components/code-popup.tsx');
const loadRegister = () => import('./register-popup-container.tsx');
const loadForgot = () => import('@/features/auth/components/forgot-popup.tsx');
const loadReset = () => import('@/features/auth/components/reset-popup.tsx');
// Popup 5: the HR-cloud QR code and «Проверить» when the bot is configured (the telegram feature).
const loadTelegram = () => import('@/features/telegram/components/telegram-welcome-popup.tsx');
const LoginPopup = lazy(() => loadLogin().then((m) => ({ default: m.LoginPopup })));
const CodePopup = lazy(() => loadCode().then((m) => ({ default: m.CodePopup })));
const RegisterPopupContainer = lazy(() => loadRegister().then((m) => ({ default: m.RegisterPopupContainer })));
const ForgotPopup = lazy(() => loadForgot().then((m) => ({ default: m.ForgotPopup })));
const ResetPopup = lazy(() => loadReset().then((m) => ({ default: m.ResetPopup })));
const TelegramVerifyPopup = lazy(() => loadTelegram().then((m) => ({ default: m.TelegramWelcomePopup })));

function preloadPopups(): void {
  for (const load of [loadLogin, loadCode, loadRegister, loadForgot, loadReset, loadTelegram]) void load().catch(() => undefined);
}

type PopupName = 'login' | 'code' | 'register' | 'forgot' | 'reset' | 'telegram';

const QUERY_KEYS_OF_POPUPS = ['show', 'email', 'pass_reset_token'];

/**
 * All authentication popups (SEED 2, popups 1–5), opened by bus events and query parameters:
 * `show=login_form`, `email` + `pass_reset_token`; `redirect` is applied after success.
 */
export function AuthPopupsHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const [popup, setPopup] = useState<PopupName | null>(null);
  const [loginVariant, setLoginVariant] = useState<LoginVariant>('password');
  const [startEmail, setStartEmail] = useState<string | undefined>();
  const [code, setCode] = useState<{ email: string; channels: LoginChannels | null }>({ email: '', channels: null });
  const [reset, setReset] = useState({ email: '', token: '' });
  const [used, setUsed] = useState<ReadonlySet<PopupName>>(() => new Set());
  const timer = useRef<number | undefined>(undefined);

  // A popup stays mounted after its first opening, so it can animate out and keep its state.
  useEffect(() => {
    if (popup && !used.has(popup)) setUsed(new Set([...used, popup]));
  }, [popup, used]);

  // Not before the page's first content: they would compete with it.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    void afterFirstContent()
      .then(firstInteraction)
      .then(() => idle(preloadPopups));
  }, []);

  const show = useCallback((name: PopupName | null) => {
    window.clearTimeout(timer.current);
    setPopup(name);
  }, []);

  /** SEED 4: the next form opens 500 ms after the current one closes. */
  const showLater = useCallback((name: PopupName) => {
    window.clearTimeout(timer.current);
    setPopup(null);
    timer.current = window.setTimeout(() => setPopup(name), POPUP_REOPEN_DELAY_MS);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const params = new URLSearchParams(location.search);

  /** Drops the popup parameters from the address (keeps `redirect` and anything else). */
  const cleanQuery = useCallback(() => {
    const current = new URLSearchParams(window.location.search);
    if (!QUERY_KEYS_OF_POPUPS.some((key) => current.has(key))) return;
    for (const key of QUERY_KEYS_OF_POPUPS) current.delete(key);
    const query = current.toString();
    navigate(`${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`, { replace: true });
  }, [navigate]);

  const applyRedirect = useCallback(
    (fallback = '/') => {
      const target = safeRedirectTarget(new URLSearchParams(window.location.search).get('redirect'), fallback);
      navigate(target, { replace: true });
    },
    [navigate],
  );

  // Query parameters: ?show=login_form, ?email=…&pass_reset_token=…
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const token = query.get('pass_reset_token');
    const email = query.get('email');
    if (token && email !== null) {
      setReset({ email, token });
      show('reset');
      return;
    }
    if (query.get('show') === 'login_form') {
      if (sessionStore.isAuthenticated()) {
        applyRedirect();
        return;
      }
      setLoginVariant('password');
      setStartEmail(undefined);
      show('login');
    }
  }, [location.search, show, applyRedirect]);

  // Bus events: each popup opens on its show…Form event and closes on its close…Form event.
  usePopupEvent('showAuthForm', (payload) => {
    setLoginVariant(payload?.variant ?? 'password');
    setStartEmail(payload?.email);
    show('login');
  });
  usePopupEvent('closeAuthForm', () => setPopup((current) => (current === 'login' || current === 'code' ? null : current)));
  usePopupEvent('showRegForm', () => show('register'));
  usePopupEvent('closeRegForm', () => setPopup((current) => (current === 'register' ? null : current)));
  usePopupEvent('showForgotForm', () => show('forgot'));
  usePopupEvent('closeForgotForm', () => setPopup((current) => (current === 'forgot' ? null : current)));
  usePopupEvent('showResetForm', (payload) => {
    if (payload) setReset({ email: payload.email ?? '', token: payload.token ?? '' });
    show('reset');
  });
  usePopupEvent('closeResetForm', () => setPopup((current) => (current === 'reset' ? null : current)));

  const closeLogin = () => {
    show(null);
    const query = new URLSearchParams(window.location.search);
    if (query.get('show') === 'login_form') cleanQuery();
  };

  const closeReset = () => {
    show(null);
    cleanQuery();
  };

  const mounted = (name: PopupName) => popup === name || used.has(name);

  return (
    <Suspense fallback={null}>
      {mounted('login') ? (
        <LoginPopup
          opened={popup === 'login'}
          onClose={closeLogin}
          variant={loginVariant}
          onVariantChange={setLoginVariant}
          initialEmail={startEmail}
          onLoggedIn={async (email) => {
            await completeLogin(email);
            show(null);
            applyRedirect('/');
          }}
          onCodeSent={(email, channels) => {
            setCode({ email, channels });
            show('code');
          }}
          onOpenRegister={() => showLater('register')}
          onOpenForgot={() => showLater('forgot')}
        />
      ) : null}
      {mounted('code') ? (
        <CodePopup
          opened={popup === 'code'}
          onClose={closeLogin}
          email={code.email}
          channels={code.channels}
          onConfirmed={async () => {
            await completeLogin(code.email);
            show(null);
            applyRedirect('/profile');
          }}
          onChangeEmail={() => {
            setLoginVariant('code');
            setStartEmail(code.email);
            show('login');
          }}
        />
      ) : null}
      {mounted('register') ? (
        <RegisterPopupContainer
          opened={popup === 'register'}
          onClose={() => show(null)}
          userToken={params.get('user_token')}
          onRegistered={async (email) => {
            await completeLogin(email);
            // Popup 5 only where the club's bot is set up; nothing about Telegram otherwise.
            show(sessionStore.get().user?.telegram_enabled ? 'telegram' : null);
            applyRedirect('/');
          }}
          onUseExistingAccount={() => {
            setLoginVariant('password');
            setStartEmail(undefined);
            showLater('login');
          }}
          onOpenLogin={() => {
            setLoginVariant('password');
            showLater('login');
          }}
        />
      ) : null}
      {mounted('forgot') ? (
        <ForgotPopup
          opened={popup === 'forgot'}
          onClose={() => show(null)}
          onBackToLogin={() => {
            setLoginVariant('password');
            showLater('login');
          }}
        />
      ) : null}
      {mounted('reset') ? (
        <ResetPopup
          opened={popup === 'reset'}
          onClose={closeReset}
          email={reset.email}
          token={reset.token}
          onReset={async (email) => {
            await completeLogin(email);
            show(null);
            applyRedirect('/');
          }}
          onRequestNewLink={() => {
            cleanQuery();
            showLater('forgot');
          }}
        />
      ) : null}
      {mounted('telegram') ? <TelegramVerifyPopup opened={popup === 'telegram'} onClose={() => show(null)} /> : null}
    </Suspense>
  );
}
