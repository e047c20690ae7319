import type { Readable } from 'node:stream';
import { REPLY_FILE_MAX_BYTES, type ReplyFileText, type ReplyFileType } from '@hr/contract';
import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { docxText } from '../../lib/docx-text.ts';
import { rtfText } from '../../lib/rtf-text.ts';
import { replyFile } from './reply.service.ts';

export const REPLY_FILE_MIME: Record<ReplyFileType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  rtf: 'application/rtf',
};

/** Only a PDF is shown inside the page (the browser's own viewer); the rest are downloaded. */
export const previewsInline = (type: ReplyFileType) => type === 'pdf';

/**
 * The headers of a reply's file. `inline` (a PDF in the reply page's frame): the page of this site
 * may frame it and nobody else may; it runs no script of ours and loads nothing. Otherwise an
 * attachment, as before.
 */
export function sendReplyFile(
  reply: FastifyReply,
  file: { name: string; type: ReplyFileType; size: number; stream: Readable },
  inline: boolean,
) {
  reply
    .header('Content-Type', REPLY_FILE_MIME[file.type])
    .header('Content-Disposition', contentDisposition(file.name, { type: inline ? 'inline' : 'attachment' }))
    .header('Content-Length', String(file.size))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');
  if (inline) {
    reply
      .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'self'; form-action 'none'; base-uri 'none'")
      .header('X-Frame-Options', 'SAMEORIGIN')
      .header('Cross-Origin-Resource-Policy', 'same-origin');
  }
  return reply.send(file.stream);
}

/** The stream's bytes, or null past `max` (never more than max + one chunk in memory). */
async function readAll(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

/** The readers of the types shown as text (a PDF is framed instead; a DOC is only downloaded). */
const TEXT_READERS: Partial<Record<ReplyFileType, (file: Buffer) => { text: string; truncated: boolean } | null>> = {
  docx: docxText,
  rtf: rtfText,
};

/** GET …/file/text: a DOCX's or RTF's text for the reply page; null for other types or an unreadable file. */
export async function replyFileText(ctx: AppContext, userId: number, vacancyId: number, replyId: number): Promise<ReplyFileText> {
  const file = await replyFile(ctx, userId, vacancyId, replyId);
  const reader = TEXT_READERS[file.type];
  if (!reader) {
    file.stream.destroy();
    return { text: null, truncated: false };
  }
  const bytes = await readAll(file.stream, REPLY_FILE_MAX_BYTES);
  const read = bytes ? reader(bytes) : null;
  return read ? { text: read.text, truncated: read.truncated } : { text: null, truncated: false };
}
