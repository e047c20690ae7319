import { CODE_SUBMIT_LOCK_MS, CONFIRMATION_CODE_LENGTH } from '@hr/contract/constants';
import { MSG } from '@hr/contract/messages';
import { Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { allFieldMessages, isApiError, joinErrors } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { useTelegramEnabled } from '@/features/telegram/api/telegram-config.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { LinkButton } from '@/shared/ui/link-button.tsx';
import { confirmLoginCode } from '../api/login-code.ts';
import { checkLoginEmail, type LoginChannels } from '../api/login-check.ts';
import { CodeInputs } from './code-inputs.tsx';

type CodePopupProps = {
  opened: boolean;
  onClose: () => void;
  email: string;
  channels: LoginChannels | null;
  onConfirmed: () => Promise<void>;
  onChangeEmail: () => void;
};

const emptyCode = () => Array.from({ length: CONFIRMATION_CODE_LENGTH }, () => '');

/** SEED popup 1, second step: «Код подтверждения», four boxes, «Подтвердить» locked 5 s after each try. */
export function CodePopup({ opened, onClose, email, channels, onConfirmed, onChangeEmail }: CodePopupProps) {
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [lockedFor, setLockedFor] = useState(0);
  const [processing, setProcessing] = useState(false);
  const [sentTo, setSentTo] = useState<LoginChannels | null>(channels);
  const timer = useRef<number | undefined>(undefined);
  const errorId = useId();
  const telegram = useTelegramEnabled();

  useEffect(() => {
    if (!opened) return;
    setDigits(emptyCode());
    setError(null);
    setInfo(null);
    setSentTo(channels);
  }, [opened, channels]);

  useEffect(() => {
    if (lockedFor <= 0) return;
    timer.current = window.setTimeout(() => setLockedFor((left) => Math.max(0, left - 1)), 1000);
    return () => window.clearTimeout(timer.current);
  }, [lockedFor]);

  const locked = lockedFor > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked || processing) return;
    const joined = digits.join('');
    if (joined.length !== CONFIRMATION_CODE_LENGTH) {
      setError(`Введите все ${CONFIRMATION_CODE_LENGTH} цифры кода`);
      return;
    }
    setError(null);
    setInfo(null);
    setProcessing(true);
    setLockedFor(Math.ceil(CODE_SUBMIT_LOCK_MS / 1000));
    try {
      await confirmLoginCode(Number(joined));
      await onConfirmed();
    } catch (failure) {
      if (isApiError(failure) && (failure.status === 422 || failure.status === 429)) {
        const messages = allFieldMessages(failure.fieldErrors);
        setError(joinErrors(messages.length > 0 ? messages : [failure.payload.message ?? MSG.codeInvalid]) ?? MSG.codeInvalid);
      } else {
        handleErrorWithoutRedirect(failure);
      }
    } finally {
      setProcessing(false);
    }
  };

  const resend = async () => {
    setError(null);
    setInfo(null);
    try {
      const next = await checkLoginEmail(email);
      setSentTo(next);
      setDigits(emptyCode());
      setInfo('Новый код отправлен');
    } catch (failure) {
      if (isApiError(failure) && (failure.status === 422 || failure.status === 429)) {
        const messages = allFieldMessages(failure.fieldErrors);
        setError(joinErrors(messages.length > 0 ? messages : [failure.payload.message ?? MSG.somethingWrong]) ?? null);
      } else {
        handleErrorWithoutRedirect(failure);
      }
    }
  };

  const target = sentTo ?? channels;

  return (
    <AppModal opened={opened} onClose={onClose} title="Код подтверждения">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          {/* The server answers the same for any address, so the text cannot promise the mail exists. */}
          <Text size="sm">
            Если <b className="nowrap">{target?.email ?? email}</b> зарегистрирован в клубе, мы отправили на него 4-значный код
            {target?.tg ? (
              <>
                {' '}
                и в Telegram <b className="nowrap">{target.tg}</b>
              </>
            ) : telegram ? (
              ' (и в Telegram, если он привязан)'
            ) : null}
            . Введите его, чтобы войти.
          </Text>
          <Stack gap={6}>
            <Text component="span" size="sm" fw={500} id={`${errorId}-label`}>
              Код из сообщения
            </Text>
            <CodeInputs value={digits} onChange={setDigits} invalid={Boolean(error)} describedBy={error ? errorId : undefined} />
            {error ? (
              <Text id={errorId} role="alert" c="red.8" size="sm" ta="center" style={{ whiteSpace: 'pre-line' }}>
                {error}
              </Text>
            ) : null}
            {info ? (
              <Text role="status" c="teal.8" size="sm" ta="center">
                {info}
              </Text>
            ) : null}
          </Stack>
          <Stack gap={6}>
            <Button type="submit" size="md" fullWidth disabled={locked} loading={processing}>
              Подтвердить
            </Button>
            <Text size="xs" c="dimmed" ta="center" aria-live="polite" mih={18}>
              {locked && !processing ? `Следующая попытка через ${lockedFor} с` : ''}
            </Text>
          </Stack>
          <Group justify="space-between" gap="xs">
            <LinkButton onClick={onChangeEmail}>Изменить e-mail</LinkButton>
            <LinkButton onClick={() => void resend()}>Отправить код ещё раз</LinkButton>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
