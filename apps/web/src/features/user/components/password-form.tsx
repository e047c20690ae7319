import { passwordChangeBody } from '@hr/contract';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useContractForm } from '@/shared/lib/use-contract-form.ts';
import { PasswordField } from '@/shared/ui/password-field.tsx';
import { changePassword, type PasswordChange } from '../api/change-password.ts';
import { showSuccessNotice } from '../lib/success-notice.tsx';

const EMPTY: PasswordChange = { current_password: '', password: '', password_confirmation: '' };

/**
 * Password change with the current password; the other sessions end on the server. Errors of the
 * check and of the server show under the fields only.
 */
export function PasswordForm() {
  const { form, formRef, processing, handleSubmit } = useContractForm<PasswordChange>({ initialValues: EMPTY });
  const field = (key: keyof PasswordChange) => form.getInputProps(key);

  const submit = handleSubmit({
    schema: passwordChangeBody,
    send: async (values) => {
      const answer = await changePassword(values);
      form.setValues(EMPTY);
      showSuccessNotice(answer.message ?? 'Пароль изменён');
    },
  });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="password-title">
      <form ref={formRef} onSubmit={submit} noValidate>
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
