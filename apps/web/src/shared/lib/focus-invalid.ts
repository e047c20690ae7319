/** Frames to wait for React to paint the errors on a busy device (about a sixth of a second). */
const MAX_FRAMES = 10;

/**
 * SEED 5: after a failed submit the focus goes to the first invalid field of the form. Runs after
 * React has painted the errors (they set `aria-invalid`): it looks once a frame, a few frames at most.
 */
export function focusFirstInvalid(form: HTMLElement | null): void {
  if (!form) return;
  let frames = 0;
  const look = () => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else if (++frames < MAX_FRAMES) window.requestAnimationFrame(look);
  };
  window.requestAnimationFrame(look);
}
