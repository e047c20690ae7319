import { createReadStream } from 'node:fs';
import type { Numbered } from './sources.ts';

/*
 * The resumes of a JSON document as hh.ru's API gives them, streamed one at a time:
 * - one resume object (`GET /resumes/{id}`, pretty-printed over many lines),
 * - an array of them,
 * - a list response `{"items": [...], "found": …}` (`GET /resumes`, `/resumes/mine`),
 * - or several such values one after another.
 * Each record is the text of one value with the line it starts on; the caller parses it, so one
 * broken resume costs only itself. Only the brackets and strings are followed here, never the data.
 */

const CHUNK = 1 << 20;
const STRING_STOP = /["\\\n]/g;

type Capture = { line: number; column: number; text: string; depth: number; scalar: boolean };

/** A record and where it starts in the file (line and column, 1-based). */
export type JsonRecord = Numbered<string> & { column: number };

export class JsonRecordSplitter {
  /** open brackets, innermost last */
  private stack: string[] = [];
  private inString = false;
  private escape = false;
  private line = 1;
  /** characters before the current chunk, and where the current line starts (for columns) */
  private consumed = 0;
  private lineStart = 0;
  /** the depth whose values are records: 0 top level, 1 a top-level array, 2 the `items` of a list response */
  private recordDepth = 0;
  /** inside a list response after its `items` closed: the rest of the wrapper is skipped */
  private skipping = false;
  private capture: Capture | null = null;
  /** the last string read at depth 1 of a top-level object, and whether a `:` followed it */
  private key = '';
  private keyText: string | null = null;
  private afterColon = false;

  push(chunk: string): JsonRecord[] {
    const out: JsonRecord[] = [];
    let runStart = 0;
    const flushRun = (to: number) => {
      if (this.capture && to > runStart) this.capture.text += chunk.slice(runStart, to);
      runStart = to;
    };
    for (let i = 0; i < chunk.length; i++) {
      if (this.inString && !this.escape && this.keyText === null) {
        // Inside a value's string only a quote, a backslash or a line break matters: jump to the next one.
        STRING_STOP.lastIndex = i;
        const stop = STRING_STOP.exec(chunk);
        if (!stop) break;
        i = stop.index;
      }
      const c = chunk[i] as string;
      if (this.inString) {
        if (this.keyText !== null) this.keyText += c;
        if (this.escape) this.escape = false;
        else if (c === '\\') this.escape = true;
        else if (c === '"') {
          this.inString = false;
          if (this.keyText !== null) {
            this.key = this.keyText.slice(0, -1);
            this.keyText = null;
          }
        } else if (c === '\n') this.newLine(i);
        continue;
      }
      const depth = this.stack.length;
      if (this.capture?.scalar && depth === this.capture.depth && (c === ',' || c === ']' || c === '}' || c === '\n')) {
        flushRun(i);
        out.push(this.finish());
      }
      if (c === '\n') {
        this.newLine(i);
        continue;
      }
      if (c === ' ' || c === '\t' || c === '\r') continue;
      // A value starts where records live: begin capturing it.
      if (!this.capture && !this.skipping && depth === this.recordDepth && c !== ',' && c !== ']' && c !== '}') {
        if (depth === 0 && c === '[') {
          this.stack.push('[');
          this.recordDepth = 1;
          continue;
        }
        flushRun(i);
        const column = this.consumed + i - this.lineStart + 1;
        this.capture = { line: this.line, column, text: '', depth, scalar: c !== '{' && c !== '[' };
      }
      if (c === '"') {
        this.inString = true;
        // A key of the top-level object (`items` turns it into a list response).
        if (depth === 1 && this.stack[0] === '{' && !this.afterColon) this.keyText = '';
        continue;
      }
      if (depth === 1 && this.stack[0] === '{') {
        if (c === ':') this.afterColon = true;
        else if (c === ',') this.afterColon = false;
      }
      if (c === '{' || c === '[') {
        if (c === '[' && depth === 1 && this.stack[0] === '{' && this.afterColon && this.key === 'items' && this.recordDepth === 0) {
          // A list response: its items are the records, the wrapper is dropped.
          this.capture = null;
          runStart = i + 1;
          this.stack.push('[');
          this.recordDepth = 2;
          continue;
        }
        this.stack.push(c);
        continue;
      }
      if (c === '}' || c === ']') {
        this.stack.pop();
        const now = this.stack.length;
        if (depth === 1 && this.stack.length === 0) this.afterColon = false;
        if (this.recordDepth === 2 && now === 1) {
          // `items` closed: skip the rest of the wrapper.
          this.skipping = true;
          continue;
        }
        if (now === 0) {
          if (this.skipping || this.recordDepth === 1) {
            this.skipping = false;
            this.recordDepth = 0;
            runStart = i + 1;
            continue;
          }
        }
        if (this.capture && !this.capture.scalar && now === this.capture.depth) {
          flushRun(i + 1);
          out.push(this.finish());
        }
      }
    }
    flushRun(chunk.length);
    this.consumed += chunk.length;
    return out;
  }

  private newLine(i: number): void {
    this.line++;
    this.lineStart = this.consumed + i + 1;
  }

  /** What is left at the end of the file: an unfinished record (its parse will say where it breaks). */
  end(): JsonRecord[] {
    return this.capture?.text.trim() ? [this.finish()] : [];
  }

  private finish(): JsonRecord {
    const capture = this.capture as Capture;
    this.capture = null;
    return { line: capture.line, column: capture.column, value: capture.text };
  }
}

/** The records of a JSON document file, streamed (see JsonRecordSplitter). */
export async function* readJsonRecords(file: string): AsyncGenerator<JsonRecord> {
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: CHUNK });
  const splitter = new JsonRecordSplitter();
  let first = true;
  for await (const raw of stream as AsyncIterable<string>) {
    let chunk = raw;
    if (first && chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    first = false;
    yield* splitter.push(chunk);
  }
  yield* splitter.end();
}
