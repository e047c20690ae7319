import { type Opinion, type OpinionCreateBody, opinionCreateBody } from '@hr/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useContractForm } from '@/shared/lib/use-contract-form.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { createOpinion } from '../api/create-opinion.ts';
import { focusFirstInvalid } from '../lib/focus-invalid.ts';
import { showReviewNotice } from '../lib/notice.tsx';
import { fieldGroupProps } from '../lib/field-group-props.ts';
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
  const { form, formRef, processing, formError, handleSubmit } = useContractForm<OpinionValues>({
    initialValues: emptyOpinionValues(),
    focusInvalid: (errors) => focusFirstInvalid(formId, OPINION_FIELD_ORDER, errors),
  });

  const submit = handleSubmit({
    schema: opinionCreateBody,
    toBody: (values) => ({ resume_hash: hash, ...opinionBody(values) }),
    send: async (body) => {
      const answer = await createOpinion(body as OpinionCreateBody); // checked by the schema before sending
      showReviewNotice(answer.message ?? 'Отзыв сохранён', 'Спасибо за отзыв');
      onCreated(answer.res);
    },
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Отзыв о кандидате">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Отзыв увидят участники клуба, которые откроют это резюме. Изменить или удалить его можно в любой момент.
        </Text>
        <FormAlert message={formError} />
        <OpinionFields formId={formId} {...fieldGroupProps(form)} />
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
