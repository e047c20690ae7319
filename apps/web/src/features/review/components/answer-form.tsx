import { consentVersion } from '@hr/contract/consent';
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
import { Link } from 'react-router';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleFormError } from '@/shared/api/error-handlers.ts';
import { consentErrorsOnBox } from '@/shared/lib/consent-errors.ts';
import { useContractForm } from '@/shared/lib/use-contract-form.ts';
import { sendRequestAnswer } from '../api/send-request-answer.ts';
import { fieldId, focusFirstInvalid } from '../lib/focus-invalid.ts';
import { FormAlert } from './form-alert.tsx';
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
  const { form, formRef, processing, formError, handleSubmit } = useContractForm<Values>({
    initialValues: {
      verdict: null,
      text: '',
      author_name: '',
      author_company: request.candidate.company ?? '',
      author_position: '',
      consent: false,
    },
    serverErrors: (failure) => {
      if (isApiError(failure) && failure.status === 422 && failure.fieldErrors.status) {
        onClosedMeanwhile();
        return {};
      }
      return consentErrorsOnBox(handleFormError(failure));
    },
    focusInvalid: (errors) => focusFirstInvalid(formId, ORDER, errors),
  });
  const values = form.getValues();
  const error = (key: keyof Values) => (form.errors[key] ? String(form.errors[key]) : undefined);

  const submit = handleSubmit({
    schema: reviewRequestSendBody,
    toBody: (current) => ({
      verdict: current.verdict ?? undefined,
      text: current.text,
      author_name: current.author_name,
      author_company: current.author_company.trim() || null,
      author_position: current.author_position.trim() || null,
      consent: current.consent,
      // The version of the consent text this page shows; the server keeps it with the answer.
      consent_version: consentVersion('review_answer'),
    }),
    send: async (body) => {
      const answer = await sendRequestAnswer(request.id, body as ReviewRequestSendBody); // checked by the schema before sending
      onSent(answer.res);
    },
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Отзыв о кандидате">
      <Stack gap="md">
        <FormAlert message={formError} />
        <VerdictRadio
          id={fieldId(formId, 'verdict')}
          label="Рекомендуете ли вы кандидата?"
          value={values.verdict}
          onChange={(v) => form.setFieldValue('verdict', v)}
          error={error('verdict')}
        />
        <TextWithCounter
          id={fieldId(formId, 'text')}
          label="Отзыв"
          placeholder="Какие задачи решал кандидат, каких результатов добился, как работал в команде, почему ушёл"
          value={values.text}
          onChange={(v) => form.setFieldValue('text', v)}
          error={error('text')}
        />
        <TextInput
          id={fieldId(formId, 'author_name')}
          label="Ваше имя"
          placeholder="Елена Петрова"
          autoComplete="name"
          maxLength={REVIEW_NAME_MAX}
          leftSection={<IconUser size={18} stroke={1.6} aria-hidden />}
          {...form.getInputProps('author_name')}
          withAsterisk
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="md">
          <TextInput
            id={fieldId(formId, 'author_company')}
            label="Компания"
            autoComplete="organization"
            maxLength={REVIEW_COMPANY_MAX}
            leftSection={<IconBuilding size={18} stroke={1.6} aria-hidden />}
            {...form.getInputProps('author_company')}
          />
          <TextInput
            id={fieldId(formId, 'author_position')}
            label="Ваша должность"
            placeholder="Руководитель отдела персонала"
            autoComplete="organization-title"
            maxLength={REVIEW_POSITION_MAX}
            leftSection={<IconId size={18} stroke={1.6} aria-hidden />}
            {...form.getInputProps('author_position')}
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
          {...form.getInputProps('consent', { type: 'checkbox' })}
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
