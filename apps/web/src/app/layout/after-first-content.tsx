import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '@/shared/session/session-store.ts';

// What the layout shows or runs once the page's first content is on screen, in one file: the
// header (its menus, drawer and tooltips), the footer, the popups and the members' live socket.
// The header and the popups come together, so a header button never speaks to popups not yet there.
export { AuthPopupsHost } from '../popups/auth-popups-host.tsx';
export { AppFooter } from './app-footer.tsx';
export { AppHeader } from './app-header.tsx';

// A member's parts load only for a member (or an address that opens a cabinet popup, which sends a
// visitor to the login): a visitor's page would otherwise run the socket's and the popups' code,
// with the contract's schemas they carry, for nothing. Each waits in its own boundary: the header
// (in the layout's) stays on the screen while a member's parts load.
const Cabinet = lazy(() => import('../popups/cabinet-popups-host.tsx').then((m) => ({ default: m.CabinetPopupsHost })));
const Bridge = lazy(() => import('../session/realtime-bridge.tsx').then((m) => ({ default: m.RealtimeBridge })));
const CABINET_POPUP_IN_ADDRESS = /[?&](show|e_notify)=/;

export function CabinetPopupsHost() {
  const { status } = useSession();
  const { search } = useLocation();
  return status === 'member' || CABINET_POPUP_IN_ADDRESS.test(search) ? (
    <Suspense fallback={null}>
      <Cabinet />
    </Suspense>
  ) : null;
}

/** One WebSocket per tab while signed in (use-realtime-bridge.ts). */
export function RealtimeBridge() {
  const { user } = useSession();
  return user ? (
    <Suspense fallback={null}>
      <Bridge />
    </Suspense>
  ) : null;
}
