import { passwordChangeBody } from '@hr/contract';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { type FieldErrors, joinErrors } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { validateWith } from '@/shared/lib/validate.ts';
import { showAlmostDoneDialog } from '@/shared/ui/dialogs.tsx';
import { PasswordField } from '@/shared/ui/password-field.tsx';
import { changePassword, type PasswordChange } from '../api/change-password.ts';
import { showSuccessNotice } from '../lib/success-notice.tsx';

const EMPTY: PasswordChange = { current_password: '', password: '', password_confirmation: '' };

/** Password change with the current password; the other sessions end on the server. */
export function PasswordForm() {
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [processing, setProcessing] = useState(false);

  const field = (key: keyof PasswordChange) => ({
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
      if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
    },
    error: joinErrors(errors[key]),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    const invalid = validateWith(passwordChangeBody, values);
    if (invalid) {
      setErrors(invalid);
      showAlmostDoneDialog();
      return;
    }
    setErrors({});
    setProcessing(true);
    try {
      const answer = await changePassword(values);
      setValues(EMPTY);
      showSuccessNotice(answer.message ?? 'Пароль изменён');
    } catch (failure) {
      setErrors(handleErrorWithoutRedirect(failure));
    } finally {
      setProcessing(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="password-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz={20} id="password-title">
            Смена пароля
          </Title>
          <PasswordField
            label="Текущий пароль"
            autoComplete="current-password"
            toggleLabel="Показать текущий пароль"
            required
            {...field('current_password')}
          />
          <PasswordField
            label="Новый пароль"
            placeholder="Не менее 6 символов"
            autoComplete="new-password"
            toggleLabel="Показать новый пароль"
            required
            {...field('password')}
          />
          <PasswordField
            label="Повтор нового пароля"
            autoComplete="new-password"
            toggleLabel="Показать повтор пароля"
            required
            {...field('password_confirmation')}
          />
          <Group justify="flex-end" mt="xs">
            <Button type="submit" variant="light" loading={processing}>
              Сменить пароль
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
