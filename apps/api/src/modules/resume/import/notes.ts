/*
 * What the importer says about a row, in Russian: «поле: «значение» — причина». A row that cannot be
 * a resume is refused (RowError); anything less costs only the field, which is dropped or mapped and
 * noted, and the resume is kept.
 */

/** A row that cannot be imported (no title, no name, not an object), with the reason. */
export class RowError extends Error {}

/** «строка», «число», «список», … — what a value is, for «должно быть списком строк, а не строкой». */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'список';
  switch (typeof value) {
    case 'string':
      return 'строка';
    case 'number':
      return 'число';
    case 'boolean':
      return 'логическое значение';
    case 'object':
      return 'объект';
    default:
      return typeof value;
  }
}

/** A value as quoted in a note: strings and numbers as they are (cut at 60 characters), others by kind. */
export function shown(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const text = String(value);
    return `«${text.length > 60 ? `${text.slice(0, 57)}…` : text}»`;
  }
  if (Array.isArray(value)) return value.length ? `список из ${value.length}` : 'пустой список';
  return kindOf(value);
}

export class Notes {
  readonly list: string[] = [];

  /** The field is not kept: «path: «value» — reason, пропущено». */
  drop(path: string, value: unknown, reason: string, what = 'пропущено'): void {
    this.list.push(`${path}: ${shown(value)} — ${reason}, ${what}`);
  }

  /** The field has the wrong type: «skill_set: должно быть списком строк, а не строкой — пропущено». */
  wrongType(path: string, value: unknown, expected: string): void {
    this.list.push(`${path}: должно быть ${expected}, а не ${instrumental(kindOf(value))} — пропущено`);
  }

  /** An old or foreign value read as today's: «language[0].level.id: «native» → «l1» (why)». */
  mapped(path: string, from: string, to: string, why: string): void {
    this.list.push(`${path}: «${from}» → «${to}» (${why})`);
  }

  add(text: string): void {
    this.list.push(text);
  }
}

const INSTRUMENTAL: Record<string, string> = {
  строка: 'строкой',
  число: 'числом',
  список: 'списком',
  объект: 'объектом',
  'логическое значение': 'логическим значением',
};
const instrumental = (kind: string) => INSTRUMENTAL[kind] ?? kind;
