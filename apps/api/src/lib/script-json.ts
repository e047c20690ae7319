/**
 * JSON inside <script>: nothing in it can close the element, start a comment or be read as markup
 * (`<`, `>`, `&` as escapes), nor end a line for an older JavaScript parser (U+2028, U+2029).
 * Used by every page that carries data for the browser (the first screen, a vacancy's JSON-LD).
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
