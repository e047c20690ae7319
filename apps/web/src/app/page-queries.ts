import type { AccessFlag } from '@hr/contract/access';
import { accessFlagKey } from '@/features/user/api/get-access-flag.ts';
import { vacancyKeys } from '@/features/vacancy/api/keys.ts';
import { SESSION_URL } from '@/shared/lib/first-screen-data.ts';
import { PAGE_SESSION_KEY } from '@/shared/lib/page-state.ts';
import { firstResultsKey } from './first-results.ts';

const VACANCY_URL = /^\/api\/vacancy\/(\d{1,10})$/;
const ACCESS_FLAG_URL = /^\/api\/user\/access\/([a-z_]+)\/get$/;

/**
 * The query key under which the app reads the answer of one of the GETs a page comes with (the
 * server builds the page's state with it, ssr/first-screen.tsx): the search page's results
 * (useResumeSearch), a vacancy (useVacancy), a member's option (useAccessFlag), the session (boot);
 * null for any other GET.
 */
export function pageQueryKey(url: string, userId: number | null): readonly unknown[] | null {
  if (url === SESSION_URL) return PAGE_SESSION_KEY;
  const pathname = url.split('?', 1)[0] ?? '';
  if (pathname === '/api/resume/search') return firstResultsKey(url, userId);
  const vacancy = VACANCY_URL.exec(url)?.[1];
  if (vacancy) return vacancyKeys.one(Number(vacancy));
  const flag = ACCESS_FLAG_URL.exec(url)?.[1];
  if (flag && userId !== null) return accessFlagKey(userId, flag as AccessFlag);
  return null;
}
