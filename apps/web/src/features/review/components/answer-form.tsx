import {
  REVIEW_COMPANY_MAX,
  REVIEW_NAME_MAX,
  REVIEW_POSITION_MAX,
  type ReviewRequestPublic,
  type ReviewRequestSendBody,
  type ReviewVerdict,
  reviewRequestSendBody,
} from '@hr/contract';
import { Anchor, Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconBuilding, IconId, IconSend, IconUser } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { isApiError, joinErrors } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { validateWith } from '@/shared/lib/validate.ts';
import { showAlmostDoneDialog } from '@/shared/ui/dialogs.tsx';
import { sendRequestAnswer } from '../api/send-request-answer.ts';
import { fieldId, focusFirstInvalid } from '../lib/focus-invalid.ts';
import { useFormState } from '../lib/use-form-state.ts';
import { TextWithCounter } from './text-with-counter.tsx';
import { VerdictRadio } from './verdict-radio.tsx';

type Values = {
  verdict: ReviewVerdict | null;
  text: string;
  author_name: string;
  author_company: string;
  author_position: string;
  consent: boolean;
};
const ORDER = ['verdict', 'text', 'author_name', 'author_company', 'author_position', 'consent'] as const;

type AnswerFormProps = {
  request: ReviewRequestPublic;
  onSent: (request: ReviewRequestPublic) => void;
  /** 422 errors.status: answered, declined or expired meanwhile. */
  onClosedMeanwhile: () => void;
};

/** The addressee's opinion: verdict, text, who they are, consent to pass it on. */
export function AnswerForm({ request, onSent, onClosedMeanwhile }: AnswerFormProps) {
  const formId = useId();
  const { values, errors, setErrors, change } = useFormState<Values>(() => ({
    verdict: null,
    text: '',
    author_name: '',
    author_company: request.candidate.company ?? '',
    author_position: '',
    consent: false,
  }));
  const [processing, setProcessing] = useState(false);
  const error = (key: keyof Values) => joinErrors(errors[key]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    const body = {
      verdict: values.verdict ?? undefined,
      text: values.text,
      author_name: values.author_name,
      author_company: values.author_company.trim() || null,
      author_position: values.author_position.trim() || null,
      consent: values.consent,
    };
    const invalid = validateWith(reviewRequestSendBody, body);
    if (invalid) {
      setErrors(invalid);
      focusFirstInvalid(formId, ORDER, invalid);
      showAlmostDoneDialog();
      return;
    }
    setErrors({});
    setProcessing(true);
    try {
      const answer = await sendRequestAnswer(request.id, body as ReviewRequestSendBody); // checked just above
      onSent(answer.res);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 422 && failure.fieldErrors.status) {
        onClosedMeanwhile();
        return;
      }
      const next = handleErrorWithoutRedirect(failure);
      setErrors(next);
      focusFirstInvalid(formId, ORDER, next);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Отзыв о кандидате">
      <Stack gap="md">
        <VerdictRadio
          id={fieldId(formId, 'verdict')}
          label="Рекомендуете ли вы кандидата?"
          value={values.verdict}
          onChange={(v) => change('verdict', v)}
          error={error('verdict')}
        />
        <TextWithCounter
          id={fieldId(formId, 'text')}
          label="Отзыв"
          placeholder="Какие задачи решал кандидат, каких результатов добился, как работал в команде, почему ушёл"
          value={values.text}
          onChange={(v) => change('text', v)}
          error={error('text')}
        />
        <TextInput
          id={fieldId(formId, 'author_name')}
          label="Ваше имя"
          placeholder="Елена Петрова"
          autoComplete="name"
          maxLength={REVIEW_NAME_MAX}
          leftSection={<IconUser size={18} stroke={1.6} aria-hidden />}
          value={values.author_name}
          onChange={(e) => change('author_name', e.currentTarget.value)}
          error={error('author_name')}
          withAsterisk
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="md">
          <TextInput
            id={fieldId(formId, 'author_company')}
            label="Компания"
            autoComplete="organization"
            maxLength={REVIEW_COMPANY_MAX}
            leftSection={<IconBuilding size={18} stroke={1.6} aria-hidden />}
            value={values.author_company}
            onChange={(e) => change('author_company', e.currentTarget.value)}
            error={error('author_company')}
          />
          <TextInput
            id={fieldId(formId, 'author_position')}
            label="Ваша должность"
            placeholder="Руководитель отдела персонала"
            autoComplete="organization-title"
            maxLength={REVIEW_POSITION_MAX}
            leftSection={<IconId size={18} stroke={1.6} aria-hidden />}
            value={values.author_position}
            onChange={(e) => change('author_position', e.currentTarget.value)}
            error={error('author_position')}
          />
        </SimpleGrid>
        <Checkbox
          id={fieldId(formId, 'consent')}
          label={
            <>
              Согласен(на) передать отзыв, имя, компанию и должность участникам HR-клуба и на обработку этих данных по{' '}
              <Anchor component={Link} to="/personal-data" target="_blank" inherit>
                политике обработки персональных данных
              </Anchor>
            </>
          }
          checked={values.consent}
          onChange={(e) => change('consent', e.currentTarget.checked)}
          error={error('consent')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={processing} leftSection={<IconSend size={18} aria-hidden />}>
            Отправить отзыв
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
