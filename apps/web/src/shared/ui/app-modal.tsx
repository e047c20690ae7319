import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Modal with the app's defaults: centred, full screen on phones, titled (the dialog's name). */
export function AppModal({ children, size = 440, ...props }: ModalProps & { title: string }) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      centered
      size={size}
      radius="lg"
      padding={isPhone ? 'lg' : 'xl'}
      fullScreen={isPhone}
      overlayProps={{ backgroundOpacity: 0.45, blur: 2 }}
      transitionProps={{ transition: 'pop', duration: 180 }}
      classNames={{ title: 'app-modal__title' }}
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
      {...props}
    >
      {children}
    </Modal>
  );
}
