import { forgetCachedAccess } from '@/features/user/api/get-access.ts';
import { queryClient } from '../query-client.ts';
import { userKeys } from '@/features/user/lib/query-keys.ts';

/** The access map changed on the server (joined or left a team, edited preferences): ask again. */
export function refreshAccess(): void {
  forgetCachedAccess();
  void queryClient.invalidateQueries({ queryKey: userKeys.accesses });
  void queryClient.invalidateQueries({ queryKey: userKeys.accessFlags });
}
