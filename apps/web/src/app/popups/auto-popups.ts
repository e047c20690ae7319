/** «Once per session» marks of the popups the app opens by itself (sessionStorage: per tab). */
const key = (name: string, userId: number) => `hr-club-auto-${name}-${userId}`;

export function wasShown(name: string, userId: number): boolean {
  try {
    return window.sessionStorage.getItem(key(name, userId)) === '1';
  } catch {
    return false;
  }
}

export function markShown(name: string, userId: number): void {
  try {
    window.sessionStorage.setItem(key(name, userId), '1');
  } catch {
    /* storage unavailable: shown again next time */
  }
}

/** A dialog (auth popups, messages) is on screen: an automatic popup waits for it to close. */
export function anyDialogOpen(): boolean {
  return document.querySelector('.mantine-Modal-content') !== null;
}
