import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reportReactError } from '@/features/errors/lib/install-error-reporting.ts';
import { AppProvider } from './provider.tsx';
import { installSessionCleanup } from './session/session-actions.ts';

/** Renders the app into #root (main.tsx loads this after starting the page's first requests). */
export function boot(): void {
  installSessionCleanup();
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
