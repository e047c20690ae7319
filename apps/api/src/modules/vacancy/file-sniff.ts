import { REPLY_FILE_MAX_BYTES, type ReplyFileType } from '@hr/contract';

/** The upload went past REPLY_FILE_MAX_BYTES: the stream is aborted there. */
export class FileTooLarge extends Error {}
/** The first bytes are none of the accepted formats: no need to read the rest. */
export class FileTypeRefused extends Error {}

const PDF = Buffer.from('%PDF-');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const RTF = Buffer.from('{\\rtf');
const ZIP_LOCAL = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const DOCX_PART = Buffer.from('word/document.xml');
/** A ZIP local file header is 30 bytes before its name; the name length is at offset 26. */
const LOCAL_HEADER = 30;
const HEAD_BYTES = 8;
const KNOWN = [PDF, OLE2, RTF, ZIP_LOCAL];

/**
 * Recognises a CV by its content as it streams past: PDF (`%PDF-`), DOC (the OLE2 header), RTF
 * (`{\rtf`), DOCX (a ZIP with a `word/document.xml` entry, found by its local file header).
 * The name a file was sent under never counts.
 */
export class FileSniffer {
  private head = Buffer.alloc(0);
  private carry = Buffer.alloc(0);
  private zipHasDocument = false;
  size = 0;

  constructor(private readonly maxBytes = REPLY_FILE_MAX_BYTES) {}

  push(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) throw new FileTooLarge();
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    if (this.head.length >= HEAD_BYTES && !KNOWN.some((magic) => this.startsWith(magic))) throw new FileTypeRefused();
    if (!this.zipHasDocument && this.startsWith(ZIP_LOCAL)) this.scanZip(chunk);
  }

  /** The type, or null for anything else (an executable called cv.pdf, say). */
  result(): ReplyFileType | null {
    if (this.startsWith(PDF)) return 'pdf';
    if (this.startsWith(OLE2)) return 'doc';
    if (this.startsWith(RTF)) return 'rtf';
    if (this.startsWith(ZIP_LOCAL) && this.zipHasDocument) return 'docx';
    return null;
  }

  private startsWith(magic: Buffer): boolean {
    return this.head.length >= magic.length && this.head.subarray(0, magic.length).equals(magic);
  }

  private scanZip(chunk: Buffer): void {
    const window = Buffer.concat([this.carry, chunk]);
    for (let at = window.indexOf(DOCX_PART); at !== -1; at = window.indexOf(DOCX_PART, at + 1)) {
      const start = at - LOCAL_HEADER;
      if (start >= 0 && window.subarray(start, start + 4).equals(ZIP_LOCAL) && window.readUInt16LE(start + 26) === DOCX_PART.length) {
        this.zipHasDocument = true;
        break;
      }
    }
    // Enough of the end to find a header split across two chunks.
    this.carry = window.subarray(Math.max(0, window.length - (LOCAL_HEADER + DOCX_PART.length)));
  }
}

/** Passes the chunks through the sniffer (which stops the stream past the size cap). */
export async function* sniffed(source: AsyncIterable<Buffer>, sniffer: FileSniffer): AsyncIterable<Buffer> {
  for await (const chunk of source) {
    sniffer.push(chunk);
    yield chunk;
  }
}
