import { type Opinion, type OpinionUpdateBody, opinionUpdateBody, REVIEW_MSG } from '@hr/contract';
import { Button, Group, Stack } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { useContractForm } from '@/shared/lib/use-contract-form.ts';
import { showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { deleteOpinion } from '../api/delete-opinion.ts';
import { updateOpinion } from '../api/update-opinion.ts';
import { focusFirstInvalid } from '../lib/focus-invalid.ts';
import { showReviewNotice } from '../lib/notice.tsx';
import { fieldGroupProps } from '../lib/field-group-props.ts';
import { FormAlert } from './form-alert.tsx';
import { OPINION_FIELD_ORDER, OpinionFields, type OpinionValues, opinionBody } from './opinion-fields.tsx';

const valuesOf = (opinion: Opinion): OpinionValues => ({
  verdict: opinion.verdict,
  text: opinion.text,
  relation: opinion.relation,
  company: opinion.company ?? '',
  period_from: opinion.period_from,
  period_to: opinion.period_to,
});

type OpinionEditFormProps = { opinion: Opinion; onSaved: (opinion: Opinion) => void; onDeleted: () => void };

/** `/review/{id}`: the author changes the whole opinion, or deletes it after a confirmation. */
export function OpinionEditForm({ opinion, onSaved, onDeleted }: OpinionEditFormProps) {
  const formId = useId();
  const { form, formRef, processing, formError, handleSubmit } = useContractForm<OpinionValues>({
    initialValues: valuesOf(opinion),
    focusInvalid: (errors) => focusFirstInvalid(formId, OPINION_FIELD_ORDER, errors),
  });
  const [deleting, setDeleting] = useState(false);

  const submit = handleSubmit({
    schema: opinionUpdateBody,
    toBody: opinionBody,
    send: async (body) => {
      const answer = await updateOpinion(opinion.id, body as OpinionUpdateBody); // checked by the schema before sending
      showReviewNotice(answer.message ?? REVIEW_MSG.saved);
      onSaved(answer.res);
    },
  });

  const remove = () =>
    showConfirmDialog({
      title: 'Удалить отзыв?',
      children: 'Отзыв исчезнет со страницы кандидата и из сводки оценок. Восстановить его будет нельзя.',
      confirmLabel: 'Удалить',
      cancelLabel: 'Оставить',
      onConfirm: async () => {
        setDeleting(true);
        try {
          const answer = await deleteOpinion(opinion.id);
          showReviewNotice(answer.message ?? REVIEW_MSG.deleted);
          onDeleted();
        } catch (failure) {
          handleErrorWithoutRedirect(failure);
        } finally {
          setDeleting(false);
        }
      },
    });

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Редактирование отзыва">
      <Stack gap="lg">
        <FormAlert message={formError} />
        <OpinionFields formId={formId} {...fieldGroupProps(form)} />
        <Group justify="space-between" gap="sm">
          <Button
            variant="subtle"
            color="red"
            c="#a51d2d"
            leftSection={<IconTrash size={18} aria-hidden />}
            loading={deleting}
            onClick={remove}
          >
            Удалить отзыв
          </Button>
          <Button type="submit" loading={processing} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
            Сохранить изменения
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
