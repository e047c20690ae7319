import { REVIEW_DECLINE_REASON_MAX, type ReviewRequestPublic } from '@hr/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useState } from 'react';
import { isApiError, joinErrors } from '@/shared/api/api-error.ts';
import { handleFormError } from '@/shared/api/error-handlers.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { declineRequest } from '../api/decline-request.ts';
import { fieldId } from '../lib/focus-invalid.ts';
import { TextWithCounter } from './text-with-counter.tsx';

type DeclineDialogProps = {
  request: ReviewRequestPublic;
  opened: boolean;
  onClose: () => void;
  onDeclined: (request: ReviewRequestPublic) => void;
  /** 422 errors.status: the request stopped being pending meanwhile. */
  onClosedMeanwhile: () => void;
};

/** «Отказаться» asks once more, with an optional reason for the member. */
export function DeclineDialog({ request, opened, onClose, onDeclined, onClosedMeanwhile }: DeclineDialogProps) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [processing, setProcessing] = useState(false);

  const confirm = async () => {
    if (processing) return;
    setProcessing(true);
    try {
      const answer = await declineRequest(request.id, reason.trim() || null);
      onDeclined(answer.res);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 422 && failure.fieldErrors.status) {
        onClosedMeanwhile();
        return;
      }
      // Shown under the reason field, never under a «Почти готово» dialog.
      const errors = handleFormError(failure);
      setError(joinErrors(errors.reason ?? Object.values(errors).flat()));
    } finally {
      setProcessing(false);
    }
  };

  return (
    <AppModal opened={opened} onClose={onClose} title="Отказаться от отзыва?" size={520}>
      <Stack gap="md">
        <Text size="sm">
          Участник клуба получит уведомление, что вы не будете оставлять отзыв. Ответить по этой ссылке после отказа будет нельзя.
        </Text>
        <TextWithCounter
          id={fieldId(formId, 'reason')}
          label="Причина (необязательно)"
          placeholder="Например: не работал(а) с кандидатом напрямую"
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(undefined);
          }}
          error={error}
          max={REVIEW_DECLINE_REASON_MAX}
          required={false}
          minRows={2}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Не отказываться
          </Button>
          <Button color="red.8" loading={processing} onClick={() => void confirm()}>
            Отказаться
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
