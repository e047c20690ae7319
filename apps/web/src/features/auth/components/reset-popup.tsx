import { MSG, resetBody } from '@hr/contract';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type FieldErrors, isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { useContractForm } from '@/shared/lib/use-contract-form.ts';
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

/** A 422 under its fields (an expired link above them), 429 above them; others: handleErrorWithoutRedirect. */
function resetErrors(failure: unknown): FieldErrors {
  if (isApiError(failure) && failure.status === 422) {
    const fieldErrors = failure.fieldErrors;
    return Object.keys(fieldErrors).length > 0 ? fieldErrors : { form: [failure.payload.message ?? MSG.somethingWrong] };
  }
  if (isApiError(failure) && failure.status === 429) return { form: [failure.payload.message ?? MSG.somethingWrong] };
  handleErrorWithoutRedirect(failure);
  return {};
}

/** SEED popup 4: «Смена пароля» by the e-mailed link (query email + pass_reset_token). */
export function ResetPopup({ opened, onClose, email: initialEmail, token, onReset, onRequestNewLink }: ResetPopupProps) {
  const { form, formRef, processing, formError, clearErrors, handleSubmit } = useContractForm({
    initialValues: { email: initialEmail, password: '', password_confirmation: '' },
    serverErrors: resetErrors,
  });
  const [visible, setVisible] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh start each time the popup opens
  useEffect(() => {
    if (!opened) return;
    form.setValues({ email: initialEmail, password: '', password_confirmation: '' });
    clearErrors();
  }, [opened, initialEmail]);

  const submit = handleSubmit({
    schema: resetBody,
    toBody: (values) => ({ token, email: values.email.trim(), password: values.password, password_confirmation: values.password_confirmation }),
    send: async (body) => {
      await resetPassword(body);
      await onReset(body.email);
    },
  });

  return (
    <AppModal opened={opened} onClose={onClose} title="Смена пароля">
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Придумайте новый пароль — после смены вы сразу войдёте в клуб.
          </Text>
          {formError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {formError}
              </Text>
            </Alert>
          ) : null}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            leftSection={<IconMail size={18} stroke={1.6} />}
            {...form.getInputProps('email')}
            required
          />
          <PasswordField
            label="Пароль"
            placeholder="Не менее 6 символов"
            autoComplete="new-password"
            toggleLabel="Показать пароль"
            visible={visible}
            onVisibilityChange={setVisible}
            {...form.getInputProps('password')}
            data-autofocus
            required
          />
          <PasswordField
            label="Повтор пароля"
            autoComplete="new-password"
            toggleLabel="Показать повтор пароля"
            visible={visible}
            onVisibilityChange={setVisible}
            {...form.getInputProps('password_confirmation')}
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
