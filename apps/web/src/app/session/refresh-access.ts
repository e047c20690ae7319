import { forgetCachedAccess } from '@/features/user/api/get-access.ts';
import { queryClient } from '../query-client.ts';

/** The access map changed on the server (joined or left a team, edited preferences): ask again. */
export function refreshAccess(): void {
  forgetCachedAccess();
  void queryClient.invalidateQueries({ queryKey: ['user', 'access'] });
  void queryClient.invalidateQueries({ queryKey: ['user', 'access-flag'] });
}
