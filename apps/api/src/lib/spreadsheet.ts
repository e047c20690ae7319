import { escapeHtml } from '@hr/contract/html';
import { zip } from './zip.ts';

export type Cell = string | number | null;

/** XML text and attribute values escape like HTML's. */
const xml = escapeHtml;

/**
 * Characters XML 1.0 forbids (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF): one of them
 * in sheet1.xml makes Excel refuse the whole file, so they are dropped from CSV and XLSX alike.
 */
const XML_INVALID =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const dropInvalidXmlChars = (s: string): string => s.replace(XML_INVALID, '');

/** Excel and LibreOffice read a cell starting with one of these as a formula (or DDE) when typed or opened as CSV. */
export const looksLikeFormula = (s: string): boolean => /^[=+\-@\t\r]/.test(s);

/** A text cell as it is written: valid XML characters only. Numbers are ours and never formulas. */
const text = (v: Cell): string => (v == null ? '' : typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : dropInvalidXmlChars(v));

/**
 * RFC 4180 CSV with a BOM and semicolons, the way Russian Excel opens it. A text cell that would start a
 * formula gets a leading single quote (the OWASP advice): shown as text, never evaluated.
 */
export function toCsv(header: string[], rows: Cell[][]): Buffer {
  const field = (v: Cell) => {
    let s = text(v);
    if (typeof v === 'string' && looksLikeFormula(s)) s = `'${s}`;
    return /[";,\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [header, ...rows].map((r) => r.map(field).join(';'));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    name = String.fromCharCode(65 + rem) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/**
 * One sheet of inline strings and numbers, packaged as an .xlsx (Office Open XML). Text is always an
 * inline string (never a formula); one that looks like a formula also gets the quote-prefix style
 * (s="2"), so editing the cell in Excel or LibreOffice keeps it text.
 */
export function toXlsx(sheetName: string, header: string[], rows: Cell[][]): Buffer {
  const rowXml = (cells: Cell[], r: number) =>
    `<row r="${r}">${cells
      .map((v, c) => {
        const ref = `${columnName(c)}${r}`;
        const s = text(v);
        if (s === '') return '';
        if (typeof v === 'number') return `<c r="${ref}"><v>${s}</v></c>`;
        const style = r === 1 ? ' s="1"' : looksLikeFormula(s) ? ' s="2"' : '';
        return `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${xml(s)}</t></is></c>`;
      })
      .join('')}</row>`;
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>${[header, ...rows].map((r, i) => rowXml(r, i + 1)).join('')}</sheetData></worksheet>`;
  const files = [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xml(dropInvalidXmlChars(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    },
    {
      name: 'xl/styles.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="3"><xf/><xf fontId="1" applyFont="1"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/></cellXfs></styleSheet>`,
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
  ];
  return zip(files.map((f) => ({ name: f.name, data: Buffer.from(f.data, 'utf8') })));
}
