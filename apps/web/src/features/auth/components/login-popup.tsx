import { loginBody, loginCheckBody, STORAGE_LAST_EMAIL_KEY } from '@hr/contract';
import { Button, Checkbox, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMail, IconMessage2Code } from '@tabler/icons-react';
import { type FormEvent, useEffect } from 'react';
import { allFieldMessages, type FieldErrors, isApiError, joinErrors } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { useTelegramEnabled } from '@/features/telegram/api/telegram-config.ts';
import { storage } from '@/shared/lib/storage.ts';
import { useContractForm } from '@/shared/lib/use-contract-form.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { LinkButton } from '@/shared/ui/link-button.tsx';
import { PasswordField } from '@/shared/ui/password-field.tsx';
import { login } from '../api/login.ts';
import { checkLoginEmail, type LoginChannels } from '../api/login-check.ts';

export type LoginVariant = 'password' | 'code';

type LoginPopupProps = {
  opened: boolean;
  onClose: () => void;
  variant: LoginVariant;
  onVariantChange: (variant: LoginVariant) => void;
  /** A start e-mail; otherwise the last login e-mail remembered on this device. */
  initialEmail?: string;
  onLoggedIn: (email: string) => Promise<void>;
  onCodeSent: (email: string, channels: LoginChannels) => void;
  onOpenRegister: () => void;
  onOpenForgot: () => void;
};

type LoginValues = { email: string; password: string; remember: boolean };

/** A 422 shows every server message under the e-mail field, joined by line breaks; 429 too. Others: handleErrorWithoutRedirect. */
function messagesUnderEmail(error: unknown): FieldErrors {
  if (isApiError(error) && error.status === 422) {
    const all = allFieldMessages(error.fieldErrors);
    return { email: [joinErrors(all.length > 0 ? all : [error.message]) ?? error.message] };
  }
  if (isApiError(error) && error.status === 429 && error.payload.message) return { email: [error.payload.message] };
  handleErrorWithoutRedirect(error);
  return {};
}

/** SEED popup 1: «Вход» with a password, or by a one-time code sent to the e-mail. */
export function LoginPopup(props: LoginPopupProps) {
  const { opened, onClose, variant, onVariantChange, initialEmail } = props;
  const { form, formRef, processing, clearErrors, handleSubmit } = useContractForm<LoginValues>({
    initialValues: { email: '', password: '', remember: false },
    serverErrors: messagesUnderEmail,
  });
  const { email } = form.getValues();
  const telegram = useTelegramEnabled();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh start each time the popup opens
  useEffect(() => {
    if (!opened) return;
    form.setValues({ email: initialEmail ?? storage.get(STORAGE_LAST_EMAIL_KEY) ?? '', password: '' });
    clearErrors();
  }, [opened, initialEmail]);

  const switchVariant = (next: LoginVariant) => {
    clearErrors();
    onVariantChange(next);
  };

  const submitPassword = handleSubmit({
    schema: loginBody,
    send: async ({ email, password, remember }) => {
      await login({ email: email.trim(), password, remember });
      await props.onLoggedIn(email.trim());
      form.setFieldValue('password', '');
    },
  });

  const submitCode = handleSubmit({
    schema: loginCheckBody,
    toBody: ({ email }) => ({ email }),
    send: async ({ email }) => {
      const channels = await checkLoginEmail(email.trim());
      storage.set(STORAGE_LAST_EMAIL_KEY, email.trim());
      props.onCodeSent(email.trim(), channels);
    },
  });

  const onSubmit = (event: FormEvent) => void (variant === 'password' ? submitPassword(event) : submitCode(event));

  return (
    <AppModal opened={opened} onClose={onClose} title="Вход">
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        {variant === 'password' ? (
          <Stack gap="md">
            <TextInput
              label="Логин"
              placeholder="E-mail"
              type="email"
              autoComplete="username"
              leftSection={<IconMail size={18} stroke={1.6} />}
              {...form.getInputProps('email')}
              data-autofocus={email ? undefined : true}
              required
            />
            <PasswordField
              label="Пароль"
              autoComplete="current-password"
              {...form.getInputProps('password')}
              data-autofocus={email ? true : undefined}
              required
            />
            <Group justify="space-between" gap="xs">
              <Checkbox label="Запомнить меня" {...form.getInputProps('remember', { type: 'checkbox' })} />
              <LinkButton onClick={props.onOpenForgot}>Забыли пароль?</LinkButton>
            </Group>
            <Button type="submit" size="md" fullWidth loading={processing}>
              Войти
            </Button>
            <Divider label="или" labelPosition="center" />
            <Button
              variant="light"
              fullWidth
              leftSection={<IconMessage2Code size={18} stroke={1.6} />}
              onClick={() => switchVariant('code')}
            >
              Войти по коду
            </Button>
            <Text size="sm" ta="center" c="dimmed">
              Нет аккаунта? <LinkButton onClick={props.onOpenRegister}>Регистрация</LinkButton>
            </Text>
          </Stack>
        ) : (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {telegram
                ? 'Пришлём одноразовый код на e-mail, а если аккаунт привязан к HR-облаку — ещё и в Telegram.'
                : 'Пришлём одноразовый код на e-mail.'}
            </Text>
            <TextInput
              label="E-mail"
              placeholder="name@company.ru"
              type="email"
              autoComplete="username"
              leftSection={<IconMail size={18} stroke={1.6} />}
              {...form.getInputProps('email')}
              data-autofocus
              required
            />
            <Button type="submit" size="md" fullWidth loading={processing}>
              Продолжить
            </Button>
            <Group justify="space-between" gap="xs">
              <LinkButton onClick={() => switchVariant('password')}>Войти с паролем</LinkButton>
              <LinkButton onClick={props.onOpenRegister}>Регистрация</LinkButton>
            </Group>
          </Stack>
        )}
      </form>
    </AppModal>
  );
}
