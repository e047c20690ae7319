import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { installSessionCleanup } from './app/session/session-actions.ts';
import { installErrorReporting, reportReactError } from './features/errors/lib/install-error-reporting.ts';

installErrorReporting();
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
