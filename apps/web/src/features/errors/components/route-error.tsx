import { Button } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '../api/send-error-report.ts';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { ErrorScreen } from './error-screen.tsx';

/** Router error element: reports the failure and shows a calm error screen. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) reportError(error, 'route error element');
  }, [error, notFound]);

  if (notFound) return <NotFoundPage />;
  return (
    <ErrorScreen
      icon={IconMoodSad}
      title="Что-то пошло не так"
      text="Страница не смогла загрузиться. Обновите её — обычно это помогает."
      actions={
        <>
          <Button variant="default" onClick={() => window.location.reload()}>
            Обновить страницу
          </Button>
          <Button component="a" href="/">
            На главную
          </Button>
        </>
      }
    />
  );
}
