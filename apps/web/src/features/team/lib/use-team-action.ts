import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ApiAnswer } from '@/shared/api/api-client.ts';
import type { FieldErrors } from '@/shared/api/api-error.ts';
import { handleFormError } from '@/shared/api/error-handlers.ts';
import { teamKeys } from './query-keys.ts';

/**
 * Runs a team call: one at a time, a notice with the server's message, the team reloaded and
 * `onChanged` told (members inherit the lead's flags, so the access map changes too).
 * Resolves with the field errors of a 422 (empty on success); the caller shows them inline.
 */
export function useTeamAction(onChanged?: () => void) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);

  const run = useCallback(
    async (key: string, call: () => Promise<ApiAnswer<unknown>>, fallback: string): Promise<FieldErrors | null> => {
      if (pending) return null;
      setPending(key);
      try {
        const answer = await call();
        notifications.show({
          message: answer.message ?? fallback,
          color: 'teal',
          withBorder: true,
          autoClose: 4000,
          closeButtonProps: { 'aria-label': 'Закрыть уведомление' },
        });
        onChanged?.();
        return {};
      } catch (error) {
        return handleFormError(error);
      } finally {
        setPending(null);
        await queryClient.invalidateQueries({ queryKey: teamKeys.all });
      }
    },
    [pending, queryClient, onChanged],
  );

  return { run, pending };
}
