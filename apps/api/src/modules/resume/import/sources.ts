import { createReadStream } from 'node:fs';
import { type TextEncoding, textChunks } from './text-chunks.ts';

/** A unit of input with the physical line (1-based) it starts on. */
export type Numbered<T> = { line: number; value: T };

const CHUNK = 1 << 20;

/**
 * The file's lines, streamed: the file is read a chunk at a time and the next chunk is read only when
 * the consumer asks for more, so a slow database paces the reading (no 1 GB in memory).
 */
export async function* readLines(file: string): AsyncGenerator<Numbered<string>> {
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: CHUNK });
  let rest = '';
  let line = 0;
  let first = true;
  for await (const chunk of stream as AsyncIterable<string>) {
    let text = rest + chunk;
    if (first) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    let start = 0;
    for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
      line++;
      const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      yield { line, value: text.slice(start, end) };
      start = nl + 1;
    }
    rest = text.slice(start);
  }
  if (rest.length) yield { line: line + 1, value: rest.endsWith('\r') ? rest.slice(0, -1) : rest };
}

/**
 * RFC 4180 records, streamed: fields separated by `delimiter`, quoted with `"` (a quote inside is
 * doubled), quoted fields may span lines. Each record comes with the line it starts on.
 * `delimiter: 'auto'` takes `;` when the first line has more semicolons than commas outside quotes.
 */
export async function* readCsv(
  file: string,
  delimiter: ',' | ';' | 'auto' = 'auto',
  encoding: TextEncoding = 'utf-8',
): AsyncGenerator<Numbered<string[]>> {
  let sep = delimiter === 'auto' ? '' : delimiter;
  let field = '';
  let fields: string[] = [];
  let inQuotes = false;
  /** a quote just closed a quoted section (a second one means a literal quote) */
  let quoteSeen = false;
  let line = 1;
  let recordLine = 1;
  let first = true;
  let pendingCR = false;
  for await (const raw of textChunks(file, encoding)) {
    let chunk = raw;
    if (first) {
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      if (!sep) sep = guessDelimiter(chunk);
      first = false;
    }
    const sepCode = sep.charCodeAt(0);
    let i = 0;
    const n = chunk.length;
    let runStart = -1;
    const flushRun = (to: number) => {
      if (runStart !== -1) {
        field += chunk.slice(runStart, to);
        runStart = -1;
      }
    };
    while (i < n) {
      const c = chunk.charCodeAt(i);
      if (pendingCR) {
        pendingCR = false;
        if (c === 10) {
          i++;
          continue;
        }
      }
      if (inQuotes) {
        if (c === 34) {
          flushRun(i);
          inQuotes = false;
          quoteSeen = true;
        } else {
          if (c === 10) line++;
          if (runStart === -1) runStart = i;
        }
        i++;
        continue;
      }
      if (c === 34) {
        flushRun(i);
        if (quoteSeen) field += '"';
        inQuotes = true;
        quoteSeen = false;
        i++;
        continue;
      }
      quoteSeen = false;
      if (c === sepCode) {
        flushRun(i);
        fields.push(field);
        field = '';
      } else if (c === 10 || c === 13) {
        flushRun(i);
        fields.push(field);
        field = '';
        if (!(fields.length === 1 && fields[0] === '')) yield { line: recordLine, value: fields };
        fields = [];
        line++;
        recordLine = line;
        if (c === 13) pendingCR = true;
      } else if (runStart === -1) runStart = i;
      i++;
    }
    flushRun(n);
  }
  if (field.length || fields.length) {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) yield { line: recordLine, value: fields };
  }
}

function guessDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === ',') commas++;
    else if (!quoted && c === ';') semicolons++;
    else if (!quoted && (c === '\n' || c === '\r')) break;
  }
  return semicolons > commas ? ';' : ',';
}
