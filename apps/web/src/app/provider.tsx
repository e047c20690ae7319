import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import 'dayjs/locale/ru';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

dayjs.locale('ru');

export function AppProvider() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider
            labels={{ confirm: 'Подтвердить', cancel: 'Отмена' }}
            modalProps={{
              radius: 'lg',
              classNames: { title: 'dialog__title' },
              closeButtonProps: { 'aria-label': 'Закрыть' },
              overlayProps: { backgroundOpacity: 0.45, blur: 2 },
            }}
          >
            <Notifications position="top-right" />
            <RouterProvider router={router} />
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
