import {
  REVIEW_COMPANY_MAX,
  REVIEW_MESSAGE_MAX,
  REVIEW_MSG,
  REVIEW_NAME_MAX,
  REVIEW_REQUEST_TTL_DAYS,
  type ReviewRequestItem,
  reviewRequestCreateBody,
} from '@hr/contract';
import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconAt, IconBuilding, IconSend, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleFormError } from '@/shared/api/error-handlers.ts';
import { useContractForm } from '@/shared/lib/use-contract-form.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { createReviewRequest } from '../api/create-request.ts';
import { fieldId, focusFirstInvalid } from '../lib/focus-invalid.ts';
import { showReviewNotice } from '../lib/notice.tsx';
import { FormAlert } from './form-alert.tsx';
import { TextWithCounter } from './text-with-counter.tsx';

export type RequestTarget = {
  hash: string;
  /** The experience entry asked about (null: the resume as a whole). */
  experienceIndex: number | null;
  company: string;
  position?: string | null;
};

type Values = { candidate_consent: boolean; email: string; name: string; company: string; message: string };
const ORDER = ['candidate_consent', 'email', 'name', 'company', 'message'] as const;

type RequestDialogProps = { target: RequestTarget | null; onClose: () => void; onSent?: (request: ReviewRequestItem) => void };

/** «Запросить отзыв»: mails the former employer's HR a public link to answer without an account. */
export function RequestDialog({ target, onClose, onSent }: RequestDialogProps) {
  return (
    <AppModal opened={target !== null} onClose={onClose} title="Запрос рекомендации" size={600}>
      {target ? <RequestForm target={target} onCancel={onClose} onSent={onSent} /> : null}
    </AppModal>
  );
}

function RequestForm({
  target,
  onCancel,
  onSent,
}: {
  target: RequestTarget;
  onCancel: () => void;
  onSent?: (r: ReviewRequestItem) => void;
}) {
  const formId = useId();
  const [limit, setLimit] = useState<string | null>(null);
  const { form, formRef, processing, formError, handleSubmit } = useContractForm<Values>({
    initialValues: { candidate_consent: false, email: '', name: '', company: target.company, message: '' },
    serverErrors: (failure) => {
      if (isApiError(failure) && failure.status === 429) {
        // The daily limit: said in the dialog itself, the form stays filled for tomorrow.
        setLimit(failure.payload.message || REVIEW_MSG.dailyLimit);
        return {};
      }
      return handleFormError(failure);
    },
    focusInvalid: (errors) => focusFirstInvalid(formId, ORDER, errors),
  });
  const error = (key: keyof Values) => (form.errors[key] ? String(form.errors[key]) : undefined);

  const submit = handleSubmit({
    schema: reviewRequestCreateBody,
    toBody: (values) => ({
      resume_hash: target.hash,
      experience_index: target.experienceIndex,
      candidate_consent: values.candidate_consent,
      email: values.email.trim(),
      name: values.name,
      company: values.company.trim() || null,
      message: values.message.trim() || null,
    }),
    send: async (body) => {
      setLimit(null);
      const answer = await createReviewRequest(body);
      showReviewNotice(
        `Письмо ушло на ${answer.res.email}. Статус запроса — в личном кабинете, в блоке «Мои отзывы».`,
        answer.message ?? REVIEW_MSG.requestSent,
      );
      onSent?.(answer.res);
      onCancel();
    },
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Запрос рекомендации">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Адресат получит письмо со ссылкой и сможет оставить отзыв без регистрации. Он увидит ваше имя и компанию, имя кандидата
          {target.position ? ` и его должность — ${target.position}` : ' и его должность'}. Ссылка действует {REVIEW_REQUEST_TTL_DAYS} дней.
        </Text>
        <FormAlert title="Лимит на сегодня исчерпан" message={limit} />
        <FormAlert message={formError} />
        <Checkbox
          id={fieldId(formId, 'candidate_consent')}
          label="Кандидат согласен на проверку рекомендаций"
          description="Без согласия кандидата запрашивать отзыв нельзя"
          {...form.getInputProps('candidate_consent', { type: 'checkbox' })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="md">
          <TextInput
            id={fieldId(formId, 'email')}
            label="E-mail адресата"
            placeholder="hr@company.ru"
            type="email"
            autoComplete="off"
            leftSection={<IconAt size={18} stroke={1.6} aria-hidden />}
            {...form.getInputProps('email')}
            withAsterisk
          />
          <TextInput
            id={fieldId(formId, 'name')}
            label="Имя адресата"
            placeholder="Елена Петрова"
            autoComplete="off"
            maxLength={REVIEW_NAME_MAX}
            leftSection={<IconUser size={18} stroke={1.6} aria-hidden />}
            {...form.getInputProps('name')}
            withAsterisk
          />
        </SimpleGrid>
        <TextInput
          id={fieldId(formId, 'company')}
          label="Компания"
          description="Где кандидат работал и где работает адресат"
          maxLength={REVIEW_COMPANY_MAX}
          leftSection={<IconBuilding size={18} stroke={1.6} aria-hidden />}
          {...form.getInputProps('company')}
        />
        <TextWithCounter
          id={fieldId(formId, 'message')}
          label="Сообщение адресату"
          placeholder="Например: рассматриваем кандидата на позицию руководителя отдела продаж, расскажите, пожалуйста, о его работе у вас"
          value={form.getValues().message}
          onChange={(v) => form.setFieldValue('message', v)}
          error={error('message')}
          max={REVIEW_MESSAGE_MAX}
          required={false}
          minRows={3}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Отмена
          </Button>
          <Button type="submit" loading={processing} leftSection={<IconSend size={18} aria-hidden />}>
            Отправить запрос
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
