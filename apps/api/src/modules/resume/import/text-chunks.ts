import { closeSync, createReadStream, openSync, readSync } from 'node:fs';

/*
 * A CSV saved by Excel on a Russian Windows is in Windows-1251, not UTF-8. The file's first 64 KB
 * tell which: what does not decode as UTF-8 is read as Windows-1251 (Cyrillic text in the other
 * encodings Excel offers — UTF-8 with or without a BOM — decodes as UTF-8).
 */

export type TextEncoding = 'utf-8' | 'windows-1251';

const CHUNK = 1 << 20;

export function encodingOf(file: string): TextEncoding {
  const fd = openSync(file, 'r');
  const head = Buffer.alloc(64 * 1024);
  let n: number;
  try {
    n = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  try {
    // stream: a character cut by the 64 KB boundary is not an error
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, n), { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1251';
  }
}

/** The file's text a chunk at a time (a character split between chunks is kept whole; a BOM is dropped). */
export async function* textChunks(file: string, encoding: TextEncoding = 'utf-8'): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const bytes of createReadStream(file, { highWaterMark: CHUNK }) as AsyncIterable<Buffer>) {
    const text = decoder.decode(bytes, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}
