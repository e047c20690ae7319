import { vacancyKeys } from '@/features/vacancy/api/keys.ts';
import { peekEarlyGet } from '@/shared/api/early-requests.ts';
import { queryClient } from './query-client.ts';
import { vacancyDataUrl } from './vacancy-page-url.ts';

/**
 * Puts the vacancy that main.tsx asked for into the query cache before the first render, under the
 * key the page reads (useVacancy): the first render then draws it rather than a skeleton. (A vacancy
 * the page came with, the one the server drew, is already there: boot hydrated it.)
 */
export async function seedFirstVacancy(waitMs: number): Promise<void> {
  const url = vacancyDataUrl(window.location);
  const early = url ? peekEarlyGet(url) : undefined;
  if (!url || !early) return;
  const response = await Promise.race([early.catch(() => null), new Promise<null>((resolve) => setTimeout(resolve, waitMs, null))]);
  if (!response?.ok) return;
  try {
    const payload = (await response.clone().json()) as { status?: string; res?: unknown };
    if (payload.status === 'success' && payload.res !== undefined) queryClient.setQueryData(vacancyKeys.one(Number(url.split('/').pop())), payload.res);
  } catch {
    /* the page asks again */
  }
}
