import { loginBody, loginCheckBody, STORAGE_LAST_EMAIL_KEY } from '@hr/contract';
import { Button, Checkbox, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMail, IconMessage2Code } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { allFieldMessages, isApiError, joinErrors } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { storage } from '@/shared/lib/storage.ts';
import { validateWith } from '@/shared/lib/validate.ts';
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

type Errors = { email?: string; password?: string };

/** Login answers show every server message under the e-mail field (SEED 5); 429 too. */
function messagesUnderEmail(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.status === 422) {
    const all = allFieldMessages(error.fieldErrors);
    return joinErrors(all.length > 0 ? all : [error.message]) ?? null;
  }
  if (error.status === 429) return error.payload.message ?? null;
  return null;
}

/** SEED popup 1: «Вход» with a password, or by a one-time code sent to the e-mail. */
export function LoginPopup(props: LoginPopupProps) {
  const { opened, onClose, variant, onVariantChange, initialEmail } = props;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [processing, setProcessing] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setEmail(initialEmail ?? storage.get(STORAGE_LAST_EMAIL_KEY) ?? '');
    setPassword('');
    setErrors({});
  }, [opened, initialEmail]);

  const switchVariant = (next: LoginVariant) => {
    setErrors({});
    onVariantChange(next);
  };

  const submitPassword = async () => {
    const invalid = validateWith(loginBody, { email, password, remember });
    if (invalid) {
      setErrors({ email: joinErrors(invalid.email), password: joinErrors(invalid.password) });
      return;
    }
    setErrors({});
    setProcessing(true);
    try {
      await login({ email: email.trim(), password, remember });
      await props.onLoggedIn(email.trim());
      setPassword('');
    } catch (error) {
      const underEmail = messagesUnderEmail(error);
      if (underEmail) setErrors({ email: underEmail });
      else handleErrorWithoutRedirect(error);
    } finally {
      setProcessing(false);
    }
  };

  const submitCode = async () => {
    const invalid = validateWith(loginCheckBody, { email });
    if (invalid) {
      setErrors({ email: joinErrors(invalid.email) });
      return;
    }
    setErrors({});
    setProcessing(true);
    try {
      const channels = await checkLoginEmail(email.trim());
      storage.set(STORAGE_LAST_EMAIL_KEY, email.trim());
      props.onCodeSent(email.trim(), channels);
    } catch (error) {
      const underEmail = messagesUnderEmail(error);
      if (underEmail) setErrors({ email: underEmail });
      else handleErrorWithoutRedirect(error);
    } finally {
      setProcessing(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    void (variant === 'password' ? submitPassword() : submitCode());
  };

  return (
    <AppModal opened={opened} onClose={onClose} title="Вход">
      <form onSubmit={onSubmit} noValidate>
        {variant === 'password' ? (
          <Stack gap="md">
            <TextInput
              label="Логин"
              placeholder="E-mail"
              type="email"
              autoComplete="username"
              leftSection={<IconMail size={18} stroke={1.6} />}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={errors.email}
              data-autofocus={email ? undefined : true}
              required
            />
            <PasswordField
              label="Пароль"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={errors.password}
              data-autofocus={email ? true : undefined}
              required
            />
            <Group justify="space-between" gap="xs">
              <Checkbox label="Запомнить меня" checked={remember} onChange={(event) => setRemember(event.currentTarget.checked)} />
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
              Пришлём одноразовый код на e-mail, а если аккаунт привязан к HR-облаку — ещё и в Telegram.
            </Text>
            <TextInput
              label="E-mail"
              placeholder="name@company.ru"
              type="email"
              autoComplete="username"
              leftSection={<IconMail size={18} stroke={1.6} />}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={errors.email}
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
