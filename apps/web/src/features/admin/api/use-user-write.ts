import type { AdminUser } from '@hr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiAnswer } from '@/shared/api/api-client.ts';
import { adminKeys } from './keys.ts';

/** A write that answers the changed user: the card takes the answer, the lists refetch. */
export function useUserWrite<V>(id: number, call: (id: number, vars: V) => Promise<ApiAnswer<AdminUser>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => call(id, vars),
    onSuccess: (answer) => {
      client.setQueryData(adminKeys.user(id), answer.res);
      void client.invalidateQueries({ queryKey: ['admin', 'users'] });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
