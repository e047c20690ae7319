/**
 * What a person typed into a page the server drew before the app came alive. Hydration may draw a
 * part of the page again (a boundary the server left to the browser), and the inputs it draws are
 * empty: the typed text is kept here, by input id, from the first keystroke until a form takes it.
 */
const typed = new Map<string, string>();
let stop: (() => void) | null = null;

const noteOf = (el: EventTarget | null) => {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return;
  if (!el.id || el.type === 'file' || el.type === 'radio' || el.type === 'hidden') return;
  // A ticked box is kept as «on».
  const value = el instanceof HTMLInputElement && el.type === 'checkbox' ? (el.checked ? 'on' : '') : el.value;
  if (value) typed.set(el.id, value);
  else typed.delete(el.id);
};

/** Starts keeping (boot, before hydrating a page the server drew). */
export function keepTypedBeforeHydration(root: HTMLElement): void {
  if (stop) return;
  for (const el of root.querySelectorAll('input[id], textarea[id]')) noteOf(el);
  const onInput = (event: Event) => noteOf(event.target);
  root.addEventListener('input', onInput, true);
  root.addEventListener('change', onInput, true);
  stop = () => {
    root.removeEventListener('input', onInput, true);
    root.removeEventListener('change', onInput, true);
  };
}

/** What was typed, by input id; keeping stops (a later form starts empty, as it should). */
export function takeTypedBeforeHydration(): ReadonlyMap<string, string> {
  stop?.();
  stop = () => undefined;
  const taken = new Map(typed);
  typed.clear();
  return taken;
}
