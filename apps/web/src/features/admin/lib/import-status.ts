import type { ImportJob } from '@hr/contract';

/** Still moving: the page keeps polling it. */
export const isImportActive = (job: Pick<ImportJob, 'status'>) => job.status === 'queued' || job.status === 'running';
