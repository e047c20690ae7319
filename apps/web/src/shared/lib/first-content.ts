/**
 * «The page has shown what the visitor came for»: on the search, its first results (or its error);
 * on any other page, its first render. What the first screen does not need (the header's menus and
 * dialogs, the filter panel's heavy inputs, the popups) loads after it, so it never competes with it.
 */
let done = false;
let resolve: () => void = () => undefined;
const shown = new Promise<void>((r) => {
  resolve = r;
});

/** However slow the first content is, the rest loads after this. */
const AT_THE_LATEST_MS = 4000;
// (Only in the browser: the server draws a first screen with these modules and never shows it.)
const timer = typeof window === 'undefined' ? undefined : setTimeout(() => markFirstContent(), AT_THE_LATEST_MS);

/** A hidden tab draws no frames: past this, the rest loads without waiting for one. */
const NO_FRAME_MS = 500;

/**
 * Called when the first content is in the document; the rest starts once it is on the screen.
 * (Started at once, the deferred chunks' loading and evaluation kept the main thread busy right
 * where the browser would paint: the first results sat in the document 300–500 ms before they
 * were on the screen on a slow machine.)
 */
export function markFirstContent(): void {
  if (done) return;
  done = true;
  clearTimeout(timer);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    resolve();
  };
  // The first contentful paint is reported once that frame is on the screen (at once when it was
  // before: another page came first). Where the entry type is unknown: after the next frame.
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  setTimeout(start, NO_FRAME_MS);
}

export const afterFirstContent = (): Promise<void> => shown;
