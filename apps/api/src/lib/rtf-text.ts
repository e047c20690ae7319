import { TextDecoder } from 'node:util';

/**
 * The plain text of an RTF file, for reading a CV on the page. RTF is text with control words:
 * the reader walks it once (linear in the file's size), keeps paragraphs, tabs, \'hh bytes in the
 * file's code page and \uN characters, and skips the groups that are no text (font and colour
 * tables, styles, pictures, embedded objects, fields' instructions, anything marked \*). Groups
 * nested deeper than MAX_DEPTH are skipped whole, so a hostile file cannot grow the stack.
 */

export const RTF_TEXT_MAX_CHARS = 100_000;
const MAX_DEPTH = 200;

const SKIPPED = new Set([
  'fonttbl', 'colortbl', 'stylesheet', 'info', 'pict', 'object', 'header', 'footer', 'headerl', 'headerr', 'footerl', 'footerr',
  'footnote', 'themedata', 'datastore', 'latentstyles', 'listtable', 'listoverridetable', 'rsidtbl', 'generator', 'xmlnstbl',
  'fldinst', 'filetbl', 'revtbl', 'pgdsctbl', 'mmathPr', 'colorschememapping', 'bkmkstart', 'bkmkend', 'nonshppict', 'shp',
]);

type Group = { skip: boolean; uc: number };

function decoderFor(codePage: number): TextDecoder {
  try {
    return new TextDecoder(`windows-${codePage}`);
  } catch {
    return new TextDecoder('windows-1251');
  }
}

export function rtfText(file: Buffer): { text: string; truncated: boolean } | null {
  const src = file.toString('latin1');
  if (!src.startsWith('{\\rtf')) return null;
  let decoder = decoderFor(1251);
  const stack: Group[] = [];
  let group: Group = { skip: false, uc: 1 };
  let out = '';
  let bytes: number[] = [];
  // Characters to drop after \uN: its fallback for readers without Unicode.
  let fallback = 0;
  const flush = () => {
    if (bytes.length) {
      out += decoder.decode(Uint8Array.from(bytes));
      bytes = [];
    }
  };
  const emit = (text: string) => {
    if (group.skip) return;
    flush();
    out += text;
  };

  for (let i = 0; i < src.length && out.length <= RTF_TEXT_MAX_CHARS; i++) {
    const ch = src[i] as string;
    if (ch === '{') {
      stack.push(group);
      group = { skip: group.skip || stack.length > MAX_DEPTH, uc: group.uc };
      fallback = 0;
      continue;
    }
    if (ch === '}') {
      flush();
      group = stack.pop() ?? group;
      fallback = 0;
      continue;
    }
    if (ch === '\r' || ch === '\n') continue;
    if (ch !== '\\') {
      if (fallback > 0) fallback--;
      else emit(ch);
      continue;
    }
    const next = src[i + 1] ?? '';
    if (next === "'") {
      const code = Number.parseInt(src.slice(i + 2, i + 4), 16);
      i += 3;
      if (fallback > 0) fallback--;
      else if (!group.skip && Number.isFinite(code)) bytes.push(code);
      continue;
    }
    if (!/[a-zA-Z]/.test(next)) {
      i += 1;
      if (next === '*') group.skip = true;
      else if (next === '\\' || next === '{' || next === '}') emit(next);
      else if (next === '~') emit('\u00a0');
      else if (next === '_') emit('-');
      continue;
    }
    const word = /^([a-zA-Z]{1,32})(-?\d{1,10})? ?/.exec(src.slice(i + 1, i + 45));
    if (!word) continue;
    i += word[0].length;
    const name = word[1] as string;
    const param = word[2] === undefined ? null : Number(word[2]);
    if (SKIPPED.has(name)) group.skip = true;
    else if (name === 'par' || name === 'line' || name === 'sect' || name === 'row') emit('\n');
    else if (name === 'tab' || name === 'cell') emit('\t');
    else if (name === 'uc' && param !== null) group.uc = Math.max(0, Math.min(param, 10));
    else if (name === 'ansicpg' && param !== null) decoder = decoderFor(param);
    else if (name === 'u' && param !== null) {
      const code = param < 0 ? param + 65536 : param;
      if (code > 0 && code < 0x110000 && !(code >= 0xd800 && code <= 0xdfff)) emit(String.fromCodePoint(code));
      fallback = group.uc;
    }
  }
  flush();
  const text = out
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const truncated = text.length > RTF_TEXT_MAX_CHARS;
  return { text: truncated ? text.slice(0, RTF_TEXT_MAX_CHARS) : text, truncated };
}
