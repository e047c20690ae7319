import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reportReactError } from '@/features/errors/lib/install-error-reporting.ts';
import { seedFirstResults } from './first-results.ts';
import { AppProvider } from './provider.tsx';
import { installSessionCleanup, loadFirstSession } from './session/session-actions.ts';

/** How long the first screen may wait for the session's answer (usually already there). */
const SESSION_WAIT_MS = 300;
/** …and then for the first results, drawn in the same first render when they come in time. */
const RESULTS_WAIT_MS = 300;

/** Renders the app into #root (main.tsx loads this after starting the page's first requests). */
export async function boot(): Promise<void> {
  installSessionCleanup();
  // Drawn once the session is known (a visitor's page has more lines than a member's: drawing it
  // before would move everything below when the answer comes), unless the answer is late.
  await Promise.race([loadFirstSession(), new Promise((resolve) => setTimeout(resolve, SESSION_WAIT_MS))]);
  await seedFirstResults(RESULTS_WAIT_MS);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing in index.html');
  createRoot(container, {
    onUncaughtError: reportReactError,
    onCaughtError: reportReactError,
  }).render(
    <StrictMode>
      <AppProvider />
    </StrictMode>,
  );
}
