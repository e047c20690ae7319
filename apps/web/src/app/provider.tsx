import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import 'dayjs/locale/ru';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { DeferredOverlays } from './deferred-overlays.tsx';
import { queryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

dayjs.locale('ru');

/**
 * Everything around the router: the theme, the dates' locale, the query cache and the overlays. The
 * browser puts its router inside (boot.tsx), the server its static one for the first screen
 * (ssr/first-screen.tsx): the same tree on both sides, so the browser can hydrate what the server drew.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          {children}
          <DeferredOverlays />
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
