import { MSG, resetBody } from '@hr/contract';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMail } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { type FieldErrors, isApiError, joinErrors } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { validateWith } from '@/shared/lib/validate.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { LinkButton } from '@/shared/ui/link-button.tsx';
import { PasswordField } from '@/shared/ui/password-field.tsx';
import { resetPassword } from '../api/reset-password.ts';

type ResetPopupProps = {
  opened: boolean;
  onClose: () => void;
  email: string;
  token: string;
  onReset: (email: string) => Promise<void>;
  onRequestNewLink: () => void;
};

const FIELDS = ['email', 'password', 'password_confirmation'] as const;

/** SEED popup 4: «Смена пароля» by the e-mailed link (query email + pass_reset_token). */
export function ResetPopup({ opened, onClose, email: initialEmail, token, onReset, onRequestNewLink }: ResetPopupProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [visible, setVisible] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [processing, setProcessing] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setEmail(initialEmail);
    setPassword('');
    setConfirmation('');
    setErrors({});
  }, [opened, initialEmail]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    const body = { token, email: email.trim(), password, password_confirmation: confirmation };
    const invalid = validateWith(resetBody, body);
    if (invalid) {
      setErrors(invalid);
      return;
    }
    setErrors({});
    setProcessing(true);
    try {
      await resetPassword(body);
      await onReset(body.email);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 422) {
        const fieldErrors = failure.fieldErrors;
        setErrors(Object.keys(fieldErrors).length > 0 ? fieldErrors : { form: [failure.payload.message ?? MSG.somethingWrong] });
      } else if (isApiError(failure) && failure.status === 429) {
        setErrors({ form: [failure.payload.message ?? MSG.somethingWrong] });
      } else {
        handleErrorWithoutRedirect(failure);
      }
    } finally {
      setProcessing(false);
    }
  };

  const otherErrors = Object.entries(errors)
    .filter(([field]) => !(FIELDS as readonly string[]).includes(field))
    .flatMap(([, messages]) => messages);

  return (
    <AppModal opened={opened} onClose={onClose} title="Смена пароля">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Придумайте новый пароль — после смены вы сразу войдёте в клуб.
          </Text>
          {otherErrors.length > 0 ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {otherErrors.join('\n')}
              </Text>
            </Alert>
          ) : null}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            leftSection={<IconMail size={18} stroke={1.6} />}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={joinErrors(errors.email)}
            required
          />
          <PasswordField
            label="Пароль"
            placeholder="Не менее 6 символов"
            autoComplete="new-password"
            toggleLabel="Показать пароль"
            visible={visible}
            onVisibilityChange={setVisible}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={joinErrors(errors.password)}
            data-autofocus
            required
          />
          <PasswordField
            label="Повтор пароля"
            autoComplete="new-password"
            toggleLabel="Показать повтор пароля"
            visible={visible}
            onVisibilityChange={setVisible}
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={joinErrors(errors.password_confirmation)}
            required
          />
          <Button type="submit" size="md" fullWidth loading={processing}>
            Сменить пароль
          </Button>
          <Text size="sm" ta="center">
            <LinkButton onClick={onRequestNewLink}>Запросить новую ссылку</LinkButton>
          </Text>
        </Stack>
      </form>
    </AppModal>
  );
}
