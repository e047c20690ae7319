/**
 * SEED 5: after a failed submit the focus goes to the first invalid field of the form. Runs after
 * React has painted the errors (they set `aria-invalid`), so it waits one frame.
 */
export function focusFirstInvalid(form: HTMLElement | null): void {
  if (!form) return;
  window.requestAnimationFrame(() => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus();
  });
}
