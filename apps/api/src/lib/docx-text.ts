import { inflateRawSync } from 'node:zlib';

/**
 * The text of a DOCX, read without a library: a DOCX is a ZIP whose word/document.xml holds the
 * paragraphs. The file comes from anyone (a public reply), so every step is bounded: the central
 * directory is trusted for nothing but offsets, the XML is inflated with a hard output cap (a zip
 * bomb stops there), and the XML is never parsed as XML — only <w:t> runs are read with a regular
 * expression and the five predefined entities plus numeric ones decoded, so no DTD, external or
 * nested entity is ever expanded.
 */

/** word/document.xml larger than this is not a CV: inflating stops here. */
export const DOCX_XML_MAX_BYTES = 8 * 1024 * 1024;
/** The text shown is cut here (a CV is a few thousand characters). */
export const DOCX_TEXT_MAX_CHARS = 100_000;
const MAX_ENTRIES = 5_000;
const DOCUMENT = 'word/document.xml';

/** The bytes of one ZIP entry (stored or deflated), or null when absent, broken or too large. */
export function zipEntry(buf: Buffer, wanted: string, maxBytes: number): Buffer | null {
  // The end-of-central-directory record sits in the last 22 bytes plus a comment of up to 64 KB.
  const floor = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= floor; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = Math.min(buf.readUInt16LE(eocd + 10), MAX_ENTRIES);
  let at = buf.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) return null;
    const method = buf.readUInt16LE(at + 10);
    const packedSize = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const skip = nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, Math.min(buf.length, at + 46 + nameLength));
    at += 46 + skip;
    if (name !== wanted) continue;
    if (size > maxBytes || local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) return null;
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + packedSize > buf.length) return null;
    const packed = buf.subarray(start, start + packedSize);
    if (method === 0) return packed.length <= maxBytes ? Buffer.from(packed) : null;
    if (method !== 8) return null;
    try {
      // The declared size may lie: the cap holds whatever the data inflates to.
      return inflateRawSync(packed, { maxOutputLength: maxBytes });
    } catch {
      return null;
    }
  }
  return null;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|lt|gt|amp|quot|apos);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref] ?? whole;
    const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
  });
}

/** The paragraphs of word/document.xml as plain text: runs joined, a line per paragraph, tabs and breaks kept. */
export function documentXmlText(xml: string): string {
  // Tab stops (<w:tabs><w:tab …/></w:tabs>) are layout, not text.
  const body = xml.replace(/<w:tabs>[\s\S]*?<\/w:tabs>/g, '');
  let out = '';
  const token = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\b[^>]*\/>|<w:(?:br|cr)\b[^>]*\/>|<\/w:p>/g;
  for (let m = token.exec(body); m; m = token.exec(body)) {
    const tag = m[0];
    if (m[1] !== undefined) out += decodeEntities(m[1]);
    else if (tag.startsWith('<w:tab')) out += '\t';
    else out += '\n';
    if (out.length > DOCX_TEXT_MAX_CHARS * 2) break;
  }
  return out
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The DOCX's text, cut at DOCX_TEXT_MAX_CHARS; null when the file is no readable DOCX. */
export function docxText(file: Buffer): { text: string; truncated: boolean } | null {
  const xml = zipEntry(file, DOCUMENT, DOCX_XML_MAX_BYTES);
  if (!xml) return null;
  const text = documentXmlText(xml.toString('utf8'));
  const truncated = text.length > DOCX_TEXT_MAX_CHARS;
  return { text: truncated ? text.slice(0, DOCX_TEXT_MAX_CHARS) : text, truncated };
}
