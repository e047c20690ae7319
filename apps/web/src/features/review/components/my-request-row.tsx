import type { ReviewRequestItem } from '@hr/contract';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { fullName } from '@/shared/lib/format.ts';
import { CopyButton } from '@/shared/ui/copy-button.tsx';
import { resendReviewRequest } from '../api/resend-request.ts';
import { reviewKeys } from '../api/review-keys.ts';
import { formatDate } from '../lib/month.ts';
import { showReviewNotice } from '../lib/notice.tsx';
import { requestReminderText } from '../lib/request-reminder.ts';
import { RequestStatusBadge } from './request-status-badge.tsx';

/** One of the member's requests: about whom, to whom, the status and what can be done. */
export function MyRequestRow({ request }: { request: ReviewRequestItem }) {
  const client = useQueryClient();
  const [resending, setResending] = useState(false);
  const candidate = fullName(request.candidate.first_name, request.candidate.last_name) || request.candidate.initials;
  const when =
    request.status === 'answered' && request.answered_at
      ? `ответ ${formatDate(request.answered_at)}`
      : request.status === 'pending'
        ? `ждём до ${formatDate(request.expires_at)}`
        : '';

  const resend = async () => {
    setResending(true);
    try {
      const answer = await resendReviewRequest(request.id);
      showReviewNotice(`Письмо снова отправлено на ${request.email}`, answer.message ?? 'Письмо отправлено повторно');
      await client.invalidateQueries({ queryKey: reviewKeys.myRequests });
    } catch (failure) {
      handleErrorWithoutRedirect(failure);
      void client.invalidateQueries({ queryKey: reviewKeys.myRequests });
    } finally {
      setResending(false);
    }
  };

  return (
    <Stack gap={6} className="my-review-row" data-testid="my-request" data-status={request.status}>
      <Group justify="space-between" gap="xs" align="flex-start" wrap="nowrap">
        <Text size="sm" fw={600} style={{ minWidth: 0 }}>
          {candidate}
          {request.candidate.position ? (
            <Text span size="sm" fw={400} c="dimmed">
              {` · ${request.candidate.position}`}
            </Text>
          ) : null}
        </Text>
        <RequestStatusBadge status={request.status} />
      </Group>
      <Text size="xs" c="#5c6773" style={{ overflowWrap: 'anywhere' }}>
        {[`${request.name} <${request.email}>`, request.company].filter(Boolean).join(' · ')}
      </Text>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          Отправлен {formatDate(request.created_at)}
          {request.resent_at ? `, повторно ${formatDate(request.resent_at)}` : ''}
          {when ? ` · ${when}` : ''}
        </Text>
        <Group gap={4}>
          {request.permissions.can_resend ? (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconMailForward size={15} aria-hidden />}
              loading={resending}
              onClick={() => void resend()}
              aria-label={`Отправить ещё раз: письмо на ${request.email}`}
            >
              Отправить ещё раз
            </Button>
          ) : null}
          <Anchor
            component={Link}
            to={`/resume/${request.resume_hash}${request.status === 'answered' ? '#opinions' : ''}`}
            size="sm"
            fw={500}
          >
            {request.status === 'answered' ? 'Читать отзыв' : 'Открыть резюме'}
          </Anchor>
        </Group>
      </Group>
      {request.status === 'pending' ? (
        <CopyButton
          value={requestReminderText(request, candidate, typeof window === 'undefined' ? '' : window.location.origin)}
          label="Скопировать напоминание для адресата"
          done="Напоминание скопировано"
          manualLabel="Напоминание для адресата — скопируйте его"
          variant="subtle"
          data-testid="request-copy-reminder"
        />
      ) : null}
    </Stack>
  );
}
