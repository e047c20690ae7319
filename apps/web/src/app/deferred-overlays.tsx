import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { afterFirstContent } from '@/shared/lib/first-content.ts';

/**
 * Mantine's dialog manager and notifications, mounted beside the app once the first screen is shown
 * (their code — modals, transitions, scroll locking — is not needed before). `modals.open…()` talks
 * to the manager through window events: any sent before it is mounted wait here and are sent again
 * once it listens, and the first of them loads it at once.
 */
const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

const waiting: CustomEvent[] = [];
let wanted: (() => void) | null = null;
const hold = (event: Event) => {
  waiting.push(new CustomEvent(event.type, { detail: (event as CustomEvent).detail }));
  wanted?.();
};
// (Not on the server, which draws the first screen without them.)
if (typeof window !== 'undefined') for (const type of MODAL_EVENTS) window.addEventListener(type, hold);

const Overlays = lazy(() => import('./overlays.tsx').then((m) => ({ default: m.Overlays })));

export function DeferredOverlays() {
  const [load, setLoad] = useState(false);
  useEffect(() => {
    // A transition: mounting them is drawn in slices, never one long task beside the first screen.
    const start = () => startTransition(() => setLoad(true));
    wanted = start;
    if (waiting.length) start();
    void afterFirstContent().then(start);
    return () => {
      wanted = null;
    };
  }, []);
  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <Overlays />
      <Replay />
    </Suspense>
  );
}

/** Runs after the manager's own listeners are in place (a later sibling's effect). */
function Replay() {
  useEffect(() => {
    for (const type of MODAL_EVENTS) window.removeEventListener(type, hold);
    for (const event of waiting.splice(0)) window.dispatchEvent(event);
  }, []);
  return null;
}
