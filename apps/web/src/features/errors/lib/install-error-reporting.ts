import { reportError, sendErrorReport } from '../api/send-error-report.ts';

let installed = false;

/** Reports every uncaught error and unhandled rejection; the user sees nothing of it. */
export function installErrorReporting(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => {
    if (event.error) {
      reportError(event.error, `at ${event.filename}:${event.lineno}:${event.colno}`);
    } else if (event.message) {
      sendErrorReport({ error: event.message, info: `at ${event.filename}:${event.lineno}:${event.colno}` });
    }
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportError(event.reason, 'unhandledrejection');
  });
}

/** React root callbacks (error boundaries and uncaught render errors). */
export function reportReactError(error: unknown, errorInfo: { componentStack?: string }): void {
  reportError(error, errorInfo.componentStack ? `componentStack:${errorInfo.componentStack}` : undefined);
}
