/** SEED 9: the rich-text editor's change events are debounced by 300 ms. */
export const EDITOR_DEBOUNCE_MS = 300;
