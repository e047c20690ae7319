import { REPLY_FILE_MAX_BYTES, VACANCY_MSG } from '@hr/contract/vacancy';

const EXTENSIONS = ['pdf', 'doc', 'docx', 'rtf'];

/**
 * The check before upload (the server recognises the type by content anyway): the name's extension
 * and the size. Returns the Russian message, or null when the file may go.
 */
export function replyFileProblem(file: File | null): string | null {
  if (!file) return null;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!EXTENSIONS.includes(extension)) return VACANCY_MSG.fileType;
  if (file.size > REPLY_FILE_MAX_BYTES) return VACANCY_MSG.fileSize;
  if (file.size === 0) return VACANCY_MSG.fileType;
  return null;
}
