import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/** The dialog manager (`modals.open…()`, shared/ui/dialogs.tsx) and the notifications. */
export function Overlays() {
  return (
    <>
      <ModalsProvider
        labels={{ confirm: 'Подтвердить', cancel: 'Отмена' }}
        modalProps={{
          radius: 'lg',
          classNames: { title: 'dialog__title' },
          closeButtonProps: { 'aria-label': 'Закрыть' },
          overlayProps: { backgroundOpacity: 0.45, blur: 2 },
        }}
      />
      <Notifications position="top-right" />
    </>
  );
}
