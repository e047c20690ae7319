import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ApiAnswer } from '@/shared/api/api-client.ts';
import type { FieldErrors } from '@/shared/api/api-error.ts';
import { handleFormError } from '@/shared/api/error-handlers.ts';

/** Queries no team change touches: the dictionaries and the city search. */
const UNTOUCHED = new Set(['dictionary', 'city']);

/**
 * Runs a team call: one at a time, a notice with the server's message, and `onChanged` told
 * (members inherit the lead's flags, so the access map changes too). Joining or leaving changes
 * what the member sees almost everywhere — the team, its vacancies and favourites, the notification
 * that asked — so every query but the dictionaries is reloaded (the shown ones at once, the others
 * when next shown), without a page reload.
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
        await queryClient.invalidateQueries({ predicate: (query) => !UNTOUCHED.has(String(query.queryKey[0])) });
      }
    },
    [pending, queryClient, onChanged],
  );

  return { run, pending };
}
