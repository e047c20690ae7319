import { useMediaQuery } from '@mantine/hooks';

/**
 * Which layout the server draws a search page in: a phone's (filters behind a button) when the
 * request comes from a phone, else the wide one. In the browser the layout is the screen's own
 * (matchMedia); this only stands in where there is no screen, so that a phone gets a page it can
 * hydrate instead of one it must render again (on a slow phone most of the time after the first paint).
 */
let phone = false;

export function setServerLayout(layout: 'phone' | 'wide'): void {
  phone = layout === 'phone';
}

/** Whether the phone's layout applies: the screen's answer in the browser, the server's layout there. */
export function usePhoneLayout(query: string): boolean {
  const matches = useMediaQuery(query, undefined, { getInitialValueInEffect: false });
  return typeof window === 'undefined' ? phone : matches;
}
