import type { Profile } from '@hr/contract';
import { Button, Card, Group, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { profileQueryKey } from '../api/get-profile.ts';
import { updateProfile } from '../api/update-profile.ts';
import { showSuccessNotice } from '../lib/success-notice.tsx';

type Prefs = Pick<Profile, 'notify_email' | 'notify_telegram' | 'not_reply_notify' | 'report_reply_notify'>;

const prefsOf = (profile: Profile): Prefs => ({
  notify_email: profile.notify_email,
  notify_telegram: profile.notify_telegram,
  not_reply_notify: profile.not_reply_notify,
  report_reply_notify: profile.report_reply_notify,
});

type NotifyPrefsFormProps = { profile: Profile; onSaved?: (profile: Profile) => void };

/** Notification preferences: the channels (site always; e-mail, Telegram copies) and the review events. */
export function NotifyPrefsForm({ profile, onSaved }: NotifyPrefsFormProps) {
  const queryClient = useQueryClient();
  const [prefs, setPrefs] = useState<Prefs>(() => prefsOf(profile));
  const [processing, setProcessing] = useState(false);
  // null: the server has no Telegram bot, so no copy could be sent there.
  const botConfigured = profile.telegram_auth_url !== null;
  const toggle = (key: keyof Prefs) => (event: ChangeEvent<HTMLInputElement>) => {
    const checked = event.currentTarget.checked;
    setPrefs((current) => ({ ...current, [key]: checked }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    setProcessing(true);
    try {
      const answer = await updateProfile(prefs);
      queryClient.setQueryData(profileQueryKey(answer.res.id), answer.res);
      setPrefs(prefsOf(answer.res));
      showSuccessNotice('Настройки уведомлений сохранены');
      onSaved?.(answer.res);
    } catch (failure) {
      handleErrorWithoutRedirect(failure);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="prefs-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz={20} id="prefs-title">
            Уведомления
          </Title>
          <Stack gap="sm">
            <Text className="form-section-title">Куда присылать</Text>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={22} radius="xl" color="teal" variant="light" aria-hidden>
                <IconCheck size={14} />
              </ThemeIcon>
              <div>
                <Text size="sm">На сайте — всегда</Text>
                <Text size="xs" c="dimmed">
                  Колокольчик в шапке и список в личном кабинете
                </Text>
              </div>
            </Group>
            <Switch label="Копии на e-mail" checked={prefs.notify_email} onChange={toggle('notify_email')} />
            {botConfigured ? (
              <Switch
                label="Копии в Telegram"
                description={
                  <span id="telegram-copies-hint">
                    {profile.telegram_bound ? 'В бота HR-облака' : 'Начнут приходить после привязки HR-облака'}
                  </span>
                }
                aria-describedby="telegram-copies-hint"
                checked={prefs.notify_telegram}
                onChange={toggle('notify_telegram')}
              />
            ) : null}
          </Stack>
          <Stack gap="sm">
            <Text className="form-section-title">Запросы отзывов</Text>
            <Switch
              label="Сообщать, если на запрос отзыва не ответили"
              checked={prefs.not_reply_notify}
              onChange={toggle('not_reply_notify')}
            />
            <Switch
              label="Сообщать об ответе на запрос отзыва"
              checked={prefs.report_reply_notify}
              onChange={toggle('report_reply_notify')}
            />
          </Stack>
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={processing}>
              Сохранить настройки
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
