import { useRealtimeBridge } from '../session/use-realtime-bridge.ts';

// What the layout shows or runs once the page's first content is on screen, in one file: the
// header (its menus, drawer and tooltips), the footer, the popups and the members' live socket.
// The header and the popups come together, so a header button never speaks to popups not yet there.
export { AuthPopupsHost } from '../popups/auth-popups-host.tsx';
export { CabinetPopupsHost } from '../popups/cabinet-popups-host.tsx';
export { AppFooter } from './app-footer.tsx';
export { AppHeader } from './app-header.tsx';

/** One WebSocket per tab while signed in (use-realtime-bridge.ts). */
export function RealtimeBridge() {
  useRealtimeBridge();
  return null;
}
