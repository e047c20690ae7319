import { useCallback, useEffect, useRef } from 'react';
import './scroll-row.css';

/** The row's current item: a selected tab or the link of the page that is open. */
const CURRENT = '[aria-selected="true"], [aria-current="page"]';

/** Marks which edges of the row hide more items (the CSS fades those edges). */
function markEdges(row: HTMLElement): void {
  const hiddenStart = row.scrollLeft > 1;
  const hiddenEnd = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
  row.toggleAttribute('data-more-start', hiddenStart);
  row.toggleAttribute('data-more-end', hiddenEnd);
}

/** Scrolls the row (only the row, never the page) so its current item is whole in view. */
function showCurrent(row: HTMLElement): void {
  const current = row.querySelector<HTMLElement>(CURRENT);
  if (!current || row.scrollWidth <= row.clientWidth) return;
  const rowBox = row.getBoundingClientRect();
  const box = current.getBoundingClientRect();
  // A little room beyond the item, so the fade does not cover its edge.
  const room = 32;
  if (box.left < rowBox.left) row.scrollLeft -= rowBox.left - box.left + room;
  else if (box.right > rowBox.right) row.scrollLeft += box.right - rowBox.right + room;
}

/**
 * For a row of tabs or section links that scrolls sideways on a narrow screen (className
 * `scroll-row`): keeps the current item in view whenever `current` changes or the row is resized,
 * and tells the CSS which edges to fade. Returns the ref for the row's element.
 */
export function useScrollRow<T extends HTMLElement>(current: unknown) {
  const rowRef = useRef<T | null>(null);
  const detach = useRef<(() => void) | null>(null);

  const ref = useCallback((row: T | null) => {
    detach.current?.();
    detach.current = null;
    rowRef.current = row;
    if (!row) return;
    const onScroll = () => markEdges(row);
    row.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(() => {
      showCurrent(row);
      markEdges(row);
    });
    // The items too: a label that grows (a count arriving) changes what fits.
    for (const item of [row, ...row.children]) observer.observe(item);
    detach.current = () => {
      row.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new current item is scrolled into view.
  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    showCurrent(row);
    markEdges(row);
  }, [current]);

  useEffect(() => () => detach.current?.(), []);

  return ref;
}
