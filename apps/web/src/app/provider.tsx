import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import 'dayjs/locale/ru';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { RouterProvider } from 'react-router';
import { DeferredOverlays } from './deferred-overlays.tsx';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

dayjs.locale('ru');

export function AppProvider() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <DeferredOverlays />
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
