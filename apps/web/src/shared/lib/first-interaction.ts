/**
 * «The visitor has started to use the page»: the first pointer over it, touch, key, focus or scroll.
 * What a visitor may want soon but the page never draws by itself (the popups' code) loads then:
 * loaded while the page is still settling, it kept a slow phone's main thread busy for nothing.
 */
const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'] as const;

let started: Promise<void> | undefined;

export function firstInteraction(): Promise<void> {
  started ??= new Promise<void>((resolve) => {
    const done = () => {
      for (const type of EVENTS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of EVENTS) window.addEventListener(type, done, { capture: true, passive: true });
  });
  return started;
}
