import { forgotBody, MSG, STORAGE_LAST_EMAIL_KEY } from '@hr/contract';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMail, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { allFieldMessages, isApiError, joinErrors } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { storage } from '@/shared/lib/storage.ts';
import { validateWith } from '@/shared/lib/validate.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { LinkButton } from '@/shared/ui/link-button.tsx';
import { requestPasswordReset } from '../api/forgot-password.ts';

type ForgotPopupProps = {
  opened: boolean;
  onClose: () => void;
  onBackToLogin: () => void;
};

/** SEED popup 3: «Восстановление доступа». */
export function ForgotPopup({ opened, onClose, onBackToLogin }: ForgotPopupProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setEmail(storage.get(STORAGE_LAST_EMAIL_KEY) ?? '');
    setError(undefined);
    setSentMessage(null);
  }, [opened]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    const invalid = validateWith(forgotBody, { email });
    if (invalid) {
      setError(joinErrors(invalid.email));
      return;
    }
    setError(undefined);
    setSentMessage(null);
    setProcessing(true);
    try {
      const answer = await requestPasswordReset(email.trim());
      setSentMessage(answer.message || MSG.resetSent);
    } catch (failure) {
      if (isApiError(failure) && (failure.status === 422 || failure.status === 429)) {
        const messages = allFieldMessages(failure.fieldErrors);
        setError(joinErrors(messages.length > 0 ? messages : [failure.payload.message ?? MSG.somethingWrong]));
      } else {
        handleErrorWithoutRedirect(failure);
      }
    } finally {
      setProcessing(false);
    }
  };

  return (
    <AppModal opened={opened} onClose={onClose} title="Восстановление доступа">
      <form onSubmit={submit} noValidate>
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
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={error}
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
