/*
 * JSON.parse with what an importer's reader needs: a Russian reason with the line and column in the
 * file (V8's message is English and often says no position), and the one
 * slip hand-edited examples carry — a comma before `]` or `}` — forgiven with a note.
 */

/** Where a JSON text first breaks and why, found by reading it the way JSON.parse does (V8 does not always say where). */
export function jsonSyntaxError(text: string): { offset: number; reason: string } | null {
  let i = 0;
  const fail = (reason: string, at = i) => ({ offset: at, reason });
  const END = 'текст обрывается: не закрыта кавычка или скобка';
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const string = (): ReturnType<typeof jsonSyntaxError> => {
    i++;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return null;
      }
      if (c < 32) return fail('перевод строки или управляющий символ внутри строки');
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return fail('неверная escape-последовательность в строке');
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) return fail('неверная escape-последовательность в строке');
        i += 2;
        continue;
      }
      i++;
    }
    return fail(END);
  };
  const value = (depth: number): ReturnType<typeof jsonSyntaxError> => {
    if (depth > 500) return fail('слишком глубокая вложенность');
    ws();
    const c = text[i];
    if (c === undefined) return fail(END);
    if (c === '"') return string();
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      ws();
      if (text[i] === close) {
        i++;
        return null;
      }
      for (;;) {
        ws();
        if (c === '{') {
          if (text[i] === undefined) return fail(END);
          if (text[i] !== '"') return fail('ожидалось имя поля в двойных кавычках');
          const bad = string();
          if (bad) return bad;
          ws();
          if (text[i] === undefined) return fail(END);
          if (text[i] !== ':') return fail('ожидалось двоеточие после имени поля');
          i++;
        }
        const bad = value(depth + 1);
        if (bad) return bad;
        ws();
        if (text[i] === undefined) return fail(END);
        if (text[i] === close) {
          i++;
          return null;
        }
        if (text[i] !== ',')
          return fail(c === '{' ? 'ожидалась запятая или «}» после значения поля' : 'ожидалась запятая или «]» после элемента списка');
        i++;
      }
    }
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if ((c === '-' || (c >= '0' && c <= '9')) && number) {
      i += number[0].length;
      return null;
    }
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return null;
      }
    }
    return fail(
      c === '-' || (c >= '0' && c <= '9')
        ? 'неверное число'
        : 'неожиданный символ (строки — в двойных кавычках, значения — true, false, null или число)',
    );
  };
  const bad = value(0);
  if (bad) return bad;
  ws();
  return i < text.length ? fail('лишний текст после конца значения') : null;
}

export class JsonTextError extends Error {}

/** Line and column (1-based) in the file of a character offset within `text`, which starts at `firstLine`:`firstColumn`. */
function lineColumn(text: string, offset: number, firstLine: number, firstColumn: number): { line: number; column: number } {
  let line = firstLine;
  let lineStart = -(firstColumn - 1);
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** «неверный JSON (строка 3, столбец 7): ожидалось имя поля в двойных кавычках — рядом «first_name:»». */
export function describeJsonError(text: string, firstLine: number, firstColumn = 1): string {
  const found = jsonSyntaxError(text);
  if (!found) return 'неверный JSON';
  const { line, column } = lineColumn(text, found.offset, firstLine, firstColumn);
  const near = text
    .slice(found.offset, found.offset + 12)
    .split('\n')[0]
    ?.trim();
  return `неверный JSON (строка ${line}, столбец ${column}): ${found.reason}${near ? ` — рядом «${near}»` : ''}`;
}

/** The text with commas right before `]` or `}` removed (outside strings); null when there were none. */
function withoutTrailingCommas(text: string): string | null {
  let out = '';
  let changed = false;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === ',') {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j] as string)) j++;
      if (text[j] === ']' || text[j] === '}') {
        changed = true;
        continue;
      }
    }
    out += c;
  }
  return changed ? out : null;
}

/**
 * Parses one JSON value that starts on `firstLine` (at `firstColumn`) of the file. A comma before a closing bracket is
 * forgiven (reported through `notes`); anything else throws JsonTextError with a Russian reason.
 */
export function parseJsonText(text: string, firstLine: number, notes?: string[], firstColumn = 1): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const relaxed = withoutTrailingCommas(text);
    if (relaxed !== null) {
      try {
        const value = JSON.parse(relaxed);
        notes?.push('JSON: лишняя запятая перед «]» или «}» — пропущена');
        return value;
      } catch {
        // the first error is the one to show: it is where the text really breaks
      }
    }
    throw new JsonTextError(describeJsonError(text, firstLine, firstColumn));
  }
}
