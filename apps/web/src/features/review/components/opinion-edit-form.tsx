import { type Opinion, type OpinionUpdateBody, opinionUpdateBody, REVIEW_MSG } from '@hr/contract';
import { Button, Group, Stack } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { validateWith } from '@/shared/lib/validate.ts';
import { showAlmostDoneDialog, showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { deleteOpinion } from '../api/delete-opinion.ts';
import { updateOpinion } from '../api/update-opinion.ts';
import { focusFirstInvalid } from '../lib/focus-invalid.ts';
import { showReviewNotice } from '../lib/notice.tsx';
import { useFormState } from '../lib/use-form-state.ts';
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
  const { values, errors, setErrors, change } = useFormState<OpinionValues>(() => valuesOf(opinion));
  const [processing, setProcessing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    const body = opinionBody(values);
    const invalid = validateWith(opinionUpdateBody, body);
    if (invalid) {
      setErrors(invalid);
      focusFirstInvalid(formId, OPINION_FIELD_ORDER, invalid);
      showAlmostDoneDialog();
      return;
    }
    setErrors({});
    setProcessing(true);
    try {
      const answer = await updateOpinion(opinion.id, body as OpinionUpdateBody); // checked just above
      showReviewNotice(answer.message ?? REVIEW_MSG.saved);
      onSaved(answer.res);
    } catch (failure) {
      const next = handleErrorWithoutRedirect(failure);
      setErrors(next);
      focusFirstInvalid(formId, OPINION_FIELD_ORDER, next);
    } finally {
      setProcessing(false);
    }
  };

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
    <form onSubmit={submit} noValidate aria-label="Редактирование отзыва">
      <Stack gap="lg">
        <OpinionFields formId={formId} values={values} errors={errors} onChange={change} />
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
