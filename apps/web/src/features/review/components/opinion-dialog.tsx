import { type Opinion, type OpinionCreateBody, opinionCreateBody } from '@hr/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { joinErrors } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { validateWith } from '@/shared/lib/validate.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { showAlmostDoneDialog } from '@/shared/ui/dialogs.tsx';
import { createOpinion } from '../api/create-opinion.ts';
import { focusFirstInvalid } from '../lib/focus-invalid.ts';
import { showReviewNotice } from '../lib/notice.tsx';
import { useFormState } from '../lib/use-form-state.ts';
import { FormAlert } from './form-alert.tsx';
import { emptyOpinionValues, OPINION_FIELD_ORDER, OpinionFields, type OpinionValues, opinionBody } from './opinion-fields.tsx';

type OpinionDialogProps = {
  hash: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (opinion: Opinion) => void;
};

/** «Написать отзыв»: the member's opinion about the candidate, one per resume. */
export function OpinionDialog({ hash, opened, onClose, onCreated }: OpinionDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Отзыв о кандидате" size={640}>
      {/* Mounted only while open: a new dialog starts empty. */}
      {opened ? <OpinionCreateForm hash={hash} onCancel={onClose} onCreated={onCreated} /> : null}
    </AppModal>
  );
}

function OpinionCreateForm({ hash, onCancel, onCreated }: { hash: string; onCancel: () => void; onCreated: (opinion: Opinion) => void }) {
  const formId = useId();
  const { values, errors, setErrors, change } = useFormState<OpinionValues>(emptyOpinionValues);
  const [processing, setProcessing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    const body = { resume_hash: hash, ...opinionBody(values) };
    const invalid = validateWith(opinionCreateBody, body);
    if (invalid) {
      setErrors(invalid);
      focusFirstInvalid(formId, OPINION_FIELD_ORDER, invalid);
      showAlmostDoneDialog();
      return;
    }
    setErrors({});
    setProcessing(true);
    try {
      const answer = await createOpinion(body as OpinionCreateBody); // checked just above
      showReviewNotice(answer.message ?? 'Отзыв сохранён', 'Спасибо за отзыв');
      onCreated(answer.res);
    } catch (failure) {
      const next = handleErrorWithoutRedirect(failure);
      setErrors(next);
      focusFirstInvalid(formId, OPINION_FIELD_ORDER, next);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Отзыв о кандидате">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Отзыв увидят участники клуба, которые откроют это резюме. Изменить или удалить его можно в любой момент.
        </Text>
        <FormAlert message={joinErrors(errors.resume_hash)} />
        <OpinionFields formId={formId} values={values} errors={errors} onChange={change} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Отмена
          </Button>
          <Button type="submit" loading={processing}>
            Опубликовать отзыв
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
