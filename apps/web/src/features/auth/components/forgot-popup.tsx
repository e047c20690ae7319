import { forgotBody, MSG, STORAGE_LAST_EMAIL_KEY } from '@hr/contract';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMail, IconMailCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { allFieldMessages, type FieldErrors, isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { storage } from '@/shared/lib/storage.ts';
import { useContractForm } from '@/shared/lib/use-contract-form.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { LinkButton } from '@/shared/ui/link-button.tsx';
import { requestPasswordReset } from '../api/forgot-password.ts';

type ForgotPopupProps = {
  opened: boolean;
  onClose: () => void;
  onBackToLogin: () => void;
};

/** 422 and 429 (too many requests) show under the e-mail; others go to handleErrorWithoutRedirect. */
function messagesUnderEmail(failure: unknown): FieldErrors {
  if (isApiError(failure) && (failure.status === 422 || failure.status === 429)) {
    const messages = allFieldMessages(failure.fieldErrors);
    return { email: messages.length > 0 ? messages : [failure.payload.message ?? MSG.somethingWrong] };
  }
  handleErrorWithoutRedirect(failure);
  return {};
}

/** SEED popup 3: «Восстановление доступа». */
export function ForgotPopup({ opened, onClose, onBackToLogin }: ForgotPopupProps) {
  const { form, formRef, processing, clearErrors, handleSubmit } = useContractForm({
    initialValues: { email: '' },
    serverErrors: messagesUnderEmail,
  });
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh start each time the popup opens
  useEffect(() => {
    if (!opened) return;
    form.setValues({ email: storage.get(STORAGE_LAST_EMAIL_KEY) ?? '' });
    clearErrors();
    setSentMessage(null);
  }, [opened]);

  const submit = handleSubmit({
    schema: forgotBody,
    send: async ({ email }) => {
      setSentMessage(null);
      const answer = await requestPasswordReset(email.trim());
      setSentMessage(answer.message || MSG.resetSent);
    },
  });

  return (
    <AppModal opened={opened} onClose={onClose} title="Восстановление доступа">
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Укажите e-mail, с которым вы регистрировались, — мы пришлём ссылку для смены пароля.
          </Text>
          <TextInput
            label="E-mail"
            placeholder="name@company.ru"
            type="email"
            autoComplete="email"
            leftSection={<IconMail size={18} stroke={1.6} />}
            {...form.getInputProps('email')}
            data-autofocus
            required
          />
          {sentMessage ? (
            <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} role="status">
              {sentMessage}
            </Alert>
          ) : null}
          <Button type="submit" size="md" fullWidth aria-busy={processing || undefined} data-processing={processing || undefined}>
            {processing ? 'Подождите...' : 'Восстановить'}
          </Button>
          <Text size="sm" ta="center">
            <LinkButton onClick={onBackToLogin}>Войти или зарегистрироваться</LinkButton>
          </Text>
        </Stack>
      </form>
    </AppModal>
  );
}
