import type { ImportJob } from '@hr/contract';

/** Still moving: the page keeps polling it. */
export const isImportActive = (job: Pick<ImportJob, 'status'>) => job.status === 'queued' || job.status === 'running';

/** What kind of file it was, in words: «JSON Lines», «JSON (выгрузка hh.ru)», «CSV». */
export const importFormatTitle = (format: ImportJob['format']) =>
  format === 'csv' ? 'CSV' : format === 'json' ? 'JSON (выгрузка hh.ru)' : 'JSON Lines';

/** A report row is a line of the file, or a resume in its order in a JSON document. */
export const importRowWord = (format: ImportJob['format']) => (format === 'json' ? 'Резюме' : 'Строка');
