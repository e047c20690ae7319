import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { firstResultsKey } from '@/app/first-results.ts';
import { accessFlagKey } from '@/features/user/api/get-access-flag.ts';
import { vacancyKeys } from '@/features/vacancy/api/keys.ts';
import type { FirstScreenData } from '@/shared/lib/first-screen-data.ts';
import { cameWithPage, hydratePageState, takePageSession } from '@/shared/lib/page-state.ts';
import { pageState } from './page-state.ts';

const SEARCH = '/api/resume/search?text=%D0%B1%D1%83%D1%85&search_city[]=1';
const RESULT = { total: 1, data: [{ hash: 'abc', title: 'Бухгалтер </script>' }] };
const ok = (url: string, res: unknown) => ({ url, status: 200, body: { status: 'success', res } });
const MEMBER = { id: 42, name: 'Анна' };

/** The page's state as the browser reads it: through JSON, as embedded in the HTML. */
const overTheWire = (data: FirstScreenData): FirstScreenData => JSON.parse(JSON.stringify(data)) as FirstScreenData;

/** The browser's query client, as app/query-client.ts makes it (mount refetches skip what came with the page). */
const browserClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, refetchOnMount: (query) => !cameWithPage(query) } } });

describe('the page\'s answers as a dehydrated query cache', () => {
  it('a visitor: the results under the search page\'s key, the session as null; nothing else', () => {
    const state = overTheWire(pageState([{ url: '/api/user/main_info', status: 401, body: { status: 'error' } }, ok(SEARCH, RESULT)]));
    expect(state.answered).toEqual(['/api/user/main_info', SEARCH]);
    const client = browserClient();
    hydratePageState(client, state);
    expect(client.getQueryData(firstResultsKey(SEARCH, null))).toEqual(RESULT);
    expect(client.getQueryData(['search', 'guest', 'text=%D0%B1%D1%83%D1%85&search_city[]=1'])).toEqual(RESULT);
    expect(takePageSession(client)).toBeNull();
    // Taken once: the session is the session store's from then on.
    expect(takePageSession(client)).toBeUndefined();
    expect(client.getQueryCache().getAll()).toHaveLength(1);
  });

  it('a member: their session, their results and options under their own keys', () => {
    const state = overTheWire(
      pageState([
        ok('/api/user/main_info', MEMBER),
        ok(SEARCH, RESULT),
        ok('/api/user/access/spec_search/get', true),
        ok('/api/user/access/mass_search/get', false),
      ]),
    );
    const client = browserClient();
    hydratePageState(client, state);
    expect(client.getQueryData(firstResultsKey(SEARCH, 42))).toEqual(RESULT);
    expect(client.getQueryData(firstResultsKey(SEARCH, null))).toBeUndefined();
    expect(client.getQueryData(accessFlagKey(42, 'spec_search'))).toBe(true);
    expect(client.getQueryData(accessFlagKey(42, 'mass_search'))).toBe(false);
    expect(takePageSession(client)).toEqual(MEMBER);
  });

  it('an error is not carried: the browser asks for that GET itself', () => {
    const state = pageState([ok('/api/user/main_info', MEMBER), { url: SEARCH, status: 403, body: { status: 'error', message: 'Нет доступа' } }, ok('/api/vacancy/7', { id: 7 })]);
    expect(state.answered).toEqual(['/api/user/main_info', '/api/vacancy/7']);
    expect(state.state.queries.map((q) => q.queryKey)).toEqual([['page', 'main_info'], vacancyKeys.one(7)]);
  });

  it('what came with the page is not fetched again when its hook mounts, even one that always refetches', async () => {
    const client = browserClient();
    hydratePageState(client, overTheWire(pageState([ok('/api/user/main_info', MEMBER), ok(SEARCH, RESULT), ok('/api/user/access/spec_search/get', true), ok('/api/vacancy/7', { id: 7 })])));
    const fetched = vi.fn(async () => 'fetched');
    const observe = (queryKey: readonly unknown[], options: object = {}) => {
      const observer = new QueryObserver(client, { queryKey, queryFn: fetched, ...options });
      return observer.subscribe(() => undefined);
    };
    // useVacancy (stale at once), useAccessFlag (asked on every mount), useResumeSearch (30 s).
    const stops = [
      observe(vacancyKeys.one(7)),
      observe(accessFlagKey(42, 'spec_search'), { staleTime: 0, gcTime: 0, refetchOnMount: (q: never) => (cameWithPage(q) ? false : 'always') }),
      observe(firstResultsKey(SEARCH, 42), { staleTime: 30_000 }),
    ];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetched).not.toHaveBeenCalled();
    // Anything else is fetched as usual.
    stops.push(observe(vacancyKeys.one(8)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetched).toHaveBeenCalledTimes(1);
    for (const stop of stops) stop();
  });

  it('once fetched again, or after a while, it is data like any other', async () => {
    vi.useFakeTimers();
    try {
      const client = browserClient();
      hydratePageState(client, pageState([ok('/api/vacancy/9', { id: 9 })]));
      const query = client.getQueryCache().find({ queryKey: vacancyKeys.one(9) });
      expect(query && cameWithPage(query)).toBe(true);
      vi.advanceTimersByTime(16_000);
      expect(query && cameWithPage(query)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
