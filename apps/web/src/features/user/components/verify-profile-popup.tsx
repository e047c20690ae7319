import { COMPANY_SIZES, type ConfirmBody, confirmBody } from '@hr/contract';
import { Alert, Button, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { FreeTextChoice } from './free-text-choice.tsx';
import { IconAlertCircle, IconBuilding } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { joinErrors } from '@/shared/api/api-error.ts';
import { useContractForm } from '@/shared/lib/use-contract-form.ts';
import { validateWith } from '@/shared/lib/validate.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { confirmProfile, postponeConfirmation } from '../api/confirm-profile.ts';
import { useProfile } from '../api/get-profile.ts';
import { showSuccessNotice } from '../lib/success-notice.tsx';

type Values = {
  company_name: string;
  company_people_count: string | null;
  position: string;
  profession_area: string;
  profileTag: string[];
};

const EMPTY: Values = { company_name: '', company_people_count: null, position: '', profession_area: '', profileTag: [] };

type VerifyProfilePopupProps = {
  opened: boolean;
  onClose: () => void;
  /** Success: the caller closes the popup and clears the route query (SEED 4). */
  onConfirmed: () => void;
  positions: readonly string[];
  professionAreas: readonly string[];
  tags: readonly { value: string; label: string }[];
};

const toBody = (values: Values): ConfirmBody => ({
  company_name: values.company_name.trim(),
  company_people_count: (values.company_people_count ?? '') as ConfirmBody['company_people_count'],
  position: values.position.trim(),
  profession_area: values.profession_area.trim(),
  profileTag: values.profileTag,
});

const COMBO = { withinPortal: true, zIndex: 1000 } as const;

/** SEED popup 8: «are your data current?»; every field required, at least 2 interests; no send while errors or in flight. */
export function VerifyProfilePopup({ opened, onClose, onConfirmed, positions, professionAreas, tags }: VerifyProfilePopupProps) {
  const { user } = useSession();
  const profile = useProfile(user?.id, { enabled: opened });
  const { form, formRef, processing, formError, clearErrors, handleSubmit } = useContractForm<Values>({
    // The default (handleFormError): a 422 shows under the fields, with no «Почти готово» over them.
    initialValues: EMPTY,
  });
  const [checked, setChecked] = useState(false);
  const filledFor = useRef<number | null>(null);
  const values = form.getValues();
  // Closed without confirming: the server remembers it, so the popup does not come back at every sign-in.
  const mustConfirm = user?.must_confirm_profile === true;
  const close = () => {
    if (mustConfirm) void postponeConfirmation().catch(() => undefined);
    onClose();
  };

  // Prefilled with what the profile holds, once per opening.
  const { setValues } = form;
  useEffect(() => {
    if (!opened) {
      filledFor.current = null;
      return;
    }
    const data = profile.data;
    if (!data || filledFor.current === data.id) return;
    filledFor.current = data.id;
    setValues({
      company_name: data.company ?? '',
      company_people_count: data.company_people_count,
      position: data.position ?? '',
      profession_area: data.profession_area ?? '',
      profileTag: data.tags,
    });
    clearErrors();
    setChecked(false);
  }, [opened, profile.data, setValues, clearErrors]);

  const change = <K extends keyof Values>(key: K, value: Values[K]) => {
    form.setFieldValue(key, value as never);
    // After the first attempt the messages follow the input.
    if (!checked) return;
    const invalid = validateWith(confirmBody, toBody({ ...form.getValues(), [key]: value })) ?? {};
    form.setErrors(Object.fromEntries(Object.entries(invalid).map(([field, messages]) => [field, joinErrors(messages)])));
  };

  const send = handleSubmit({
    schema: confirmBody,
    toBody,
    send: async (body) => {
      const answer = await confirmProfile(body);
      showSuccessNotice(answer.message ?? 'Данные профиля подтверждены');
      onConfirmed();
    },
  });
  const submit = (event: FormEvent) => {
    setChecked(true);
    return send(event);
  };

  const error = (key: keyof Values) => (form.errors[key] ? String(form.errors[key]) : undefined);

  // Escape in an open list closes the list only (AppModal would close the whole popup on it).
  const keepPopupOnEscape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape' && (event.target as HTMLElement).hasAttribute('data-mantine-stop-propagation')) event.stopPropagation();
  };

  return (
    <AppModal opened={opened} onClose={close} title="Подтвердите данные профиля" size={620}>
      <form ref={formRef} onSubmit={submit} onKeyDown={keepPopupOnEscape} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Проверьте, что данные о вас актуальны: по ним коллеги по клубу узнают вас, а мы подбираем полезные материалы и события.
          </Text>
          {formError ? (
            <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
              {formError}
            </Alert>
          ) : null}
          <TextInput
            label="Компания"
            placeholder="Название компании"
            leftSection={<IconBuilding size={18} stroke={1.6} />}
            value={values.company_name}
            onChange={(e) => change('company_name', e.currentTarget.value)}
            error={error('company_name')}
            required
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <Select
              label="Количество сотрудников"
              placeholder="Выберите из списка"
              data={[...COMPANY_SIZES]}
              value={values.company_people_count}
              onChange={(value) => change('company_people_count', value)}
              error={error('company_people_count')}
              clearable
              allowDeselect={false}
              comboboxProps={COMBO}
              clearButtonProps={{ 'aria-label': 'Очистить количество сотрудников', 'aria-hidden': false, tabIndex: 0 }}
              required
            />
            <FreeTextChoice
              label="Должность"
              data={positions}
              value={values.position}
              onChange={(value) => change('position', value)}
              error={error('position')}
              zIndex={1000}
            />
          </SimpleGrid>
          <FreeTextChoice
            label="Профессиональная область"
            data={professionAreas}
            value={values.profession_area}
            onChange={(value) => change('profession_area', value)}
            error={error('profession_area')}
            zIndex={1000}
          />
          <MultiSelect
            label="Интересы"
            description="Не менее двух тем"
            placeholder={values.profileTag.length ? '' : 'Выберите из списка'}
            data={tags as { value: string; label: string }[]}
            value={values.profileTag}
            onChange={(value) => change('profileTag', value)}
            error={error('profileTag')}
            searchable
            hidePickedOptions
            nothingFoundMessage="Ничего не найдено"
            comboboxProps={COMBO}
            required
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              Позже
            </Button>
            <Button type="submit" loading={processing}>
              Подтвердить
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
