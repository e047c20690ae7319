import type { AdminEducationAnswer, AdminEducationBody } from '@hr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSend } from './admin-send.ts';

/** POST /api/admin/education — the announcement goes to every active user. */
export const createEducation = (body: AdminEducationBody) => adminSend<AdminEducationAnswer>('POST', '/api/admin/education', body);

export function useCreateEducation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createEducation,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'audit'] }),
  });
}
