import { useLayoutEffect, useRef } from 'react';
import type { MessagePopupOptions } from '@/shared/ui/dialogs.tsx';

/** SEED 2: popups are opened and closed by named events. */
export type PopupEvents = {
  showAuthForm: { email?: string; variant?: 'password' | 'code' } | undefined;
  closeAuthForm: undefined;
  showRegForm: undefined;
  closeRegForm: undefined;
  showForgotForm: undefined;
  closeForgotForm: undefined;
  showResetForm: { email?: string; token?: string } | undefined;
  closeResetForm: undefined;
  /** SEED popup 7: a title, a message (HTML allowed), an optional button. */
  showMessage: MessagePopupOptions;
};
export type PopupEventName = keyof PopupEvents;

const target = new EventTarget();

export function emitPopup<K extends PopupEventName>(
  name: K,
  ...payload: PopupEvents[K] extends undefined ? [] | [undefined] : [PopupEvents[K]] | []
): void {
  target.dispatchEvent(new CustomEvent(name, { detail: payload[0] }));
}

export function onPopup<K extends PopupEventName>(name: K, handler: (payload: PopupEvents[K]) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<PopupEvents[K]>).detail);
  target.addEventListener(name, listener);
  return () => target.removeEventListener(name, listener);
}

export function usePopupEvent<K extends PopupEventName>(name: K, handler: (payload: PopupEvents[K]) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  // Subscribed in the commit itself, not after paint: the header's buttons and the popup hosts
  // appear together, and a click on a busy phone may come before passive effects have run.
  useLayoutEffect(() => onPopup(name, (payload) => ref.current(payload)), [name]);
}
