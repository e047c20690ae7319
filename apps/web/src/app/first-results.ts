import type { AccessFlag } from '@hr/contract/access';
import { advancedQueryField, massActions } from '@/features/search/components/member-option-parts.ts';
import { earlySearchUrl } from '@/features/search/lib/page-params.ts';
import { accessFlagKey } from '@/features/user/api/get-access-flag.ts';
import { peekEarlyGet, startEarlyGet } from '@/shared/api/early-requests.ts';
import { sessionStore } from '@/shared/session/session-store.ts';
import { queryClient } from './query-client.ts';

/**
 * Puts the search that main.tsx started (when the page did not bring it: a page the server prepared
 * comes with it, hydrated by boot) into the query cache before the app's first render, under
 * the key the search page reads (useResumeSearch: viewer, parameters). The page then draws its
 * results in that first render instead of drawing skeletons, waiting for the answer and drawing
 * everything again — on a slow machine the second full render of the page was a good part of the
 * time to the first result. Anything but a successful answer is left to the page, as before.
 */
export async function seedFirstResults(waitMs: number): Promise<void> {
  const url = earlySearchUrl(window.location);
  const { status, user } = sessionStore.get();
  if (!url || status === 'unknown') return;
  const early = peekEarlyGet(url);
  if (!early) return;
  const response = await Promise.race([early.catch(() => null), new Promise<null>((resolve) => setTimeout(resolve, waitMs, null))]);
  if (!response?.ok) return;
  try {
    const payload = (await response.clone().json()) as { status?: string; res?: unknown };
    if (payload.status !== 'success' || payload.res === undefined) return;
    // The answer stays where it was (not taken): should the page write its parameters otherwise
    // and miss this entry, its own request of that URL still gets it.
    queryClient.setQueryData(firstResultsKey(url, user?.id ?? null), payload.res);
  } catch {
    /* an unreadable answer: the page asks again */
  }
}

/** The query key the search page reads for the search of this API address (useResumeSearch). */
export function firstResultsKey(searchUrl: string, userId: number | null): unknown[] {
  const params = searchUrl.includes('?') ? searchUrl.slice(searchUrl.indexOf('?') + 1) : '';
  return ['search', userId ?? 'guest', params];
}

/** A member's options that change the search page's layout («Расширенный запрос», the bulk bar). */
export const MEMBER_LAYOUT_FLAGS = ['spec_search', 'mass_search'] as const satisfies readonly AccessFlag[];
const OPTION_PARTS = { spec_search: advancedQueryField, mass_search: massActions } as const;
export const accessFlagUrl = (flag: (typeof MEMBER_LAYOUT_FLAGS)[number]) => `/api/user/access/${flag}/get`;

/**
 * A member's search page is drawn once their options are known: in the query cache before the first
 * render, from the page (the server sends them with a member's page; boot hydrated them) or asked
 * now and waited for a moment. Drawn without them, the page showed the simple query bar, then the
 * advanced one and the bulk bar, moving everything below.
 */
export async function seedMemberLayout(waitMs: number): Promise<void> {
  const { status, user } = sessionStore.get();
  if (status !== 'member' || !user || !earlySearchUrl(window.location)) return;
  const deadline = new Promise<null>((resolve) => setTimeout(resolve, waitMs, null));
  await Promise.all(
    MEMBER_LAYOUT_FLAGS.map(async (flag) => {
      const carried = queryClient.getQueryData<boolean>(accessFlagKey(user.id, flag));
      if (carried !== undefined) {
        // The part the option adds, in place for the first render.
        if (carried) await Promise.race([OPTION_PARTS[flag].preload(), deadline]);
        return;
      }
      const url = accessFlagUrl(flag);
      startEarlyGet(url);
      const response = await Promise.race([peekEarlyGet(url)?.catch(() => null) ?? null, deadline]);
      if (!response?.ok) return;
      try {
        const payload = (await response.clone().json()) as { status?: string; res?: unknown };
        if (payload.status !== 'success') return;
        queryClient.setQueryData(accessFlagKey(user.id, flag), payload.res === true);
        // The part the option adds, in place for the first render.
        if (payload.res === true) await Promise.race([OPTION_PARTS[flag].preload(), deadline]);
      } catch {
        /* the page asks again */
      }
    }),
  );
}
