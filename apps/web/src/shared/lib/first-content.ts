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
const timer = setTimeout(() => markFirstContent(), AT_THE_LATEST_MS);

export function markFirstContent(): void {
  if (done) return;
  done = true;
  clearTimeout(timer);
  resolve();
}

export const afterFirstContent = (): Promise<void> => shown;
