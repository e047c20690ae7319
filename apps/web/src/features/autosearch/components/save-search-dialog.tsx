import {
  AUTOSEARCH_MSG,
  AUTOSEARCH_NAME_MAX,
  type AutosearchChannels,
  type AutosearchFrequency,
  autosearchCreateBody,
} from '@hr/contract/autosearch';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useDictionaries } from '@/features/dictionary/api/get-dictionaries.ts';
import { navigateTo } from '@/shared/lib/navigation.ts';
import { useContractForm } from '@/shared/lib/use-contract-form.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { useCreateAutosearch } from '../api/autosearch-api.ts';
import { savedQueryOf } from '../lib/autosearch-format.ts';
import { DESCRIBE_DICTIONARIES, describeQuery, orderOf, suggestName } from '../lib/describe-query.ts';
import { FrequencyFields } from './frequency-fields.tsx';

type SaveSearchDialogProps = { opened: boolean; onClose: () => void; query: string };

type Values = { name: string; frequency: AutosearchFrequency; channels: AutosearchChannels };

/** «Сохранить поиск»: a name (suggested from the words and filters), how often and where new resumes come. */
export function SaveSearchDialog({ opened, onClose, query }: SaveSearchDialogProps) {
  const saved = savedQueryOf(query);
  const dictionaries = useDictionaries(DESCRIBE_DICTIONARIES);
  const create = useCreateAutosearch();
  const { form, formRef, processing, formError, handleSubmit, clearErrors } = useContractForm<Values>({
    initialValues: { name: suggestName(saved), frequency: 'daily', channels: { email: true, telegram: false } },
  });
  const [nameTouched, setNameTouched] = useState(false);
  const suggested = suggestName(saved, dictionaries);

  // The dictionaries come after the dialog: the suggested name follows them until the member types.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object is stable
  useEffect(() => {
    if (!nameTouched && form.getValues().name !== suggested) form.setFieldValue('name', suggested);
  }, [suggested, nameTouched]);

  // Each opening starts afresh (another search, a limit reached before).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening matters
  useEffect(() => {
    if (!opened) return;
    clearErrors();
    setNameTouched(false);
  }, [opened]);

  const values = form.getValues();
  const conditions = describeQuery(saved, dictionaries, 6);
  const order = orderOf(saved, dictionaries);
  const nameError = form.errors.name as string | undefined;
  const atLimit = nameError === AUTOSEARCH_MSG.tooMany || formError === AUTOSEARCH_MSG.tooMany;

  const submit = handleSubmit({
    schema: autosearchCreateBody,
    toBody: (v: Values) => ({ name: v.name.trim(), query: saved, frequency: v.frequency, channels: v.channels }),
    send: async (body) => {
      const created = await create.mutateAsync(body);
      onClose();
      notifications.show({
        color: 'teal',
        title: AUTOSEARCH_MSG.saved,
        // Long enough to reach the link in it.
        autoClose: 10_000,
        message: (
          <Text size="sm">
            «{created.name}» —{' '}
            <Anchor
              href="/autosearch"
              onClick={(event) => {
                event.preventDefault();
                navigateTo('/autosearch');
              }}
            >
              Все автопоиски
            </Anchor>
          </Text>
        ),
      });
    },
  });

  return (
    <AppModal opened={opened} onClose={onClose} title="Сохранить поиск" size={520}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Автопоиск запомнит условия и покажет, сколько новых резюме появилось с последнего просмотра.
          </Text>
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Условия
            </Text>
            <Text size="sm">{conditions.length ? conditions.join(' · ') : 'Все резюме, без условий'}</Text>
            {order ? (
              <Text size="xs" c="dimmed">
                Сортировка: {order}
              </Text>
            ) : null}
          </Stack>
          {atLimit ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={AUTOSEARCH_MSG.tooMany}>
              Удалите ненужные на странице{' '}
              <Anchor
                href="/autosearch"
                onClick={(event) => {
                  event.preventDefault();
                  onClose();
                  navigateTo('/autosearch');
                }}
              >
                «Автопоиски»
              </Anchor>{' '}
              и сохраните этот поиск снова.
            </Alert>
          ) : null}
          <TextInput
            label="Название"
            required
            maxLength={AUTOSEARCH_NAME_MAX}
            data-autofocus
            {...form.getInputProps('name')}
            error={atLimit ? undefined : nameError}
            onChange={(event) => {
              setNameTouched(true);
              form.setFieldValue('name', event.currentTarget.value);
              form.clearFieldError('name');
            }}
          />
          <FrequencyFields
            frequency={values.frequency}
            channels={values.channels}
            onFrequency={(value) => form.setFieldValue('frequency', value)}
            onChannels={(value) => {
              form.setFieldValue('channels', value);
              form.clearFieldError('channels');
            }}
            frequencyError={form.errors.frequency as string | undefined}
            channelsError={form.errors.channels as string | undefined}
          />
          {formError && !atLimit ? (
            <Text size="sm" c="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
              {formError}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button type="submit" loading={processing}>
              Сохранить
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
