import {
  AUTOSEARCH_FREQUENCIES,
  AUTOSEARCH_FREQUENCY_LABEL,
  type AutosearchChannels,
  type AutosearchFrequency,
} from '@hr/contract/autosearch';
import { Anchor, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTelegramState } from '@/features/telegram/api/get-telegram-state.ts';
import { useSession } from '@/shared/session/session-store.ts';

type FrequencyFieldsProps = {
  frequency: AutosearchFrequency;
  channels: AutosearchChannels;
  onFrequency: (value: AutosearchFrequency) => void;
  onChannels: (value: AutosearchChannels) => void;
  frequencyError?: string;
  channelsError?: string;
};

/**
 * How often new resumes come (the four choices in words) and where to (e-mail; Telegram only when
 * the club's bot is set up, with a word when the member has not bound theirs).
 */
export function FrequencyFields({ frequency, channels, onFrequency, onChannels, frequencyError, channelsError }: FrequencyFieldsProps) {
  const { user } = useSession();
  const telegramEnabled = user?.telegram_enabled ?? false;
  const telegram = useTelegramState(user?.id, { enabled: telegramEnabled });
  const notBound = telegramEnabled && telegram.data !== undefined && !telegram.data.bound;

  return (
    <Stack gap="md">
      <Radio.Group
        label="Присылать новые резюме"
        value={frequency}
        onChange={(value) => onFrequency(value as AutosearchFrequency)}
        error={frequencyError}
        name="frequency"
      >
        <Stack gap={8} mt={6}>
          {AUTOSEARCH_FREQUENCIES.map((value) => (
            <Radio key={value} value={value} label={AUTOSEARCH_FREQUENCY_LABEL[value]} />
          ))}
        </Stack>
      </Radio.Group>
      {frequency === 'off' ? null : (
        <Checkbox.Group
          label="Куда"
          value={[channels.email ? 'email' : null, channels.telegram && telegramEnabled ? 'telegram' : null].filter((v) => v !== null)}
          onChange={(values) => onChannels({ email: values.includes('email'), telegram: telegramEnabled && values.includes('telegram') })}
          error={channelsError}
        >
          <Group gap="lg" mt={6}>
            <Checkbox value="email" label="На почту" />
            {telegramEnabled ? <Checkbox value="telegram" label="В Telegram" /> : null}
          </Group>
          {notBound && channels.telegram ? (
            <Text size="sm" c="orange.8" mt={6}>
              Telegram ещё не привязан: сообщения не придут, пока вы не привяжете его в{' '}
              <Anchor component={Link} to="/profile">
                личном кабинете
              </Anchor>
              .
            </Text>
          ) : null}
        </Checkbox.Group>
      )}
    </Stack>
  );
}
