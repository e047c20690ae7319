import { Modal, type ModalProps } from '@mantine/core';
import { useId, useMediaQuery, useWindowEvent } from '@mantine/hooks';

/** Modal with the app's defaults: centred, full screen on phones, titled (the dialog's name). */
export function AppModal({ children, size = 440, id, onClose, opened, ...props }: ModalProps & { title: string }) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const modalId = useId(id);

  // Mantine closes every open modal on Esc; with a dialog on top, only the top one should close.
  // Listened to in the capture phase, before a select or autocomplete closes its own list: Escape
  // in an open dropdown closes the dropdown, not the dialog.
  useWindowEvent(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !opened || event.isComposing) return;
      const listOpen = [...document.querySelectorAll<HTMLElement>('[role="listbox"]')].some((el) => el.offsetParent !== null);
      if (listOpen) return;
      const dialog = (event.target as Element | null)?.closest?.('[role="dialog"]');
      if (!dialog || dialog.getAttribute('aria-describedby') === `${modalId}-body`) onClose();
    },
    { capture: true },
  );

  return (
    <Modal
      id={modalId}
      opened={opened}
      onClose={onClose}
      closeOnEscape={false}
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
