import { PassThrough } from 'node:stream';
import { REPLY_FILE_MAX_BYTES, type ReplyFileType } from '@hr/contract';
import { type FileTypeResult, fileTypeFromStream } from 'file-type/node';

/** The upload went past its size cap: the stream is aborted there. */
export class FileTooLarge extends Error {}
/** The content is none of the accepted formats: no need to read the rest. */
export class FileTypeRefused extends Error {}

/** What an upload may be, from file-type's answer (undefined: nothing it knows); null refuses it. */
export type FileTypeDecision<T> = (found: FileTypeResult | undefined) => T | null;

/**
 * A CV by its content: PDF, DOC (an OLE2 compound file), DOCX (a ZIP whose [Content_Types].xml
 * declares a Word document) and RTF. The name a file was sent under never counts.
 */
export const replyFileType: FileTypeDecision<ReplyFileType> = (found) => {
  switch (found?.ext) {
    case 'pdf':
      return 'pdf';
    case 'cfb':
      return 'doc';
    case 'docx':
      return 'docx';
    case 'rtf':
      return 'rtf';
    default:
      return null;
  }
};

/**
 * Sniffs an upload with file-type as it streams past, without holding it: the chunks are fed to
 * the detector until it has answered (it reads what it needs: a few bytes for most formats, the
 * local headers of a ZIP), and once the answer refuses the file the next chunk stops the upload.
 * The size cap is counted on every chunk.
 */
export class FileSniffer<T = ReplyFileType> {
  size = 0;
  private readonly feed = new PassThrough();
  private decided: { value: T | null } | null = null;
  private readonly detection: Promise<T | null>;

  constructor(
    private readonly maxBytes = REPLY_FILE_MAX_BYTES,
    decide: FileTypeDecision<T> = replyFileType as unknown as FileTypeDecision<T>,
  ) {
    // A detector that throws on a malformed file has recognised nothing.
    this.feed.on('error', () => {});
    this.detection = fileTypeFromStream(this.feed).then(
      (found) => decide(found),
      () => decide(undefined),
    );
    void this.detection.then((value) => {
      this.decided = { value };
      // The detector reads no more: the rest of the upload need not be copied to it.
      this.feed.destroy();
    });
  }

  push(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) throw new FileTooLarge();
    if (this.decided) {
      if (this.decided.value === null) throw new FileTypeRefused();
      return;
    }
    this.feed.write(chunk);
  }

  /** The type, or null for anything refused (an executable called cv.pdf, say). Call after the last chunk. */
  result(): Promise<T | null> {
    if (!this.feed.destroyed) this.feed.end();
    return this.detection;
  }
}

/** Passes the chunks through the sniffer (which stops the stream past the size cap or on a refused type). */
export async function* sniffed(source: AsyncIterable<Buffer>, sniffer: FileSniffer<unknown>): AsyncIterable<Buffer> {
  for await (const chunk of source) {
    sniffer.push(chunk);
    yield chunk;
  }
}
