import type { PageAnswer } from '@hr/contract/constants';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { pageQueryKey } from '@/app/page-queries.ts';
import { type FirstScreenData, SESSION_URL } from '@/shared/lib/first-screen-data.ts';

type Envelope = { status?: string; res?: unknown };
/** An answer's `res`, or undefined for anything but a success. */
export const successOf = (answer: PageAnswer): unknown =>
  answer.status === 200 && (answer.body as Envelope)?.status === 'success' ? (answer.body as Envelope).res : undefined;

/**
 * What a page carries for the browser (plugins/first-screen.ts embeds it): the successful answers in
 * a query cache of their own, under the keys the app's hooks read (app/page-queries.ts), dehydrated;
 * the session as the user, or null for a visitor (a 401). An error is not carried: the browser asks
 * for that GET itself, as before.
 */
export function pageState(answers: PageAnswer[]): FirstScreenData {
  const session = answers.find((answer) => answer.url === SESSION_URL);
  const user = session ? (successOf(session) as { id: number } | undefined) : undefined;
  const client = new QueryClient();
  const answered: string[] = [];
  for (const answer of answers) {
    const data = answer === session && answer.status === 401 ? null : successOf(answer);
    const key = pageQueryKey(answer.url, user?.id ?? null);
    if (data === undefined || !key) continue;
    client.setQueryData(key, data);
    answered.push(answer.url);
  }
  return { answered, state: dehydrate(client) };
}
