import { COMPANY_SIZES, type Profile, profileUpdateBody } from '@hr/contract';
import { Button, Card, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { FreeTextChoice } from './free-text-choice.tsx';
import { IconAt, IconBrandTelegram, IconBuilding, IconDeviceFloppy, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useContractForm } from '@/shared/lib/use-contract-form.ts';
import { profileQueryKey } from '../api/get-profile.ts';
import { updateProfile } from '../api/update-profile.ts';
import { changedFields, type ProfileFormValues, valuesOf } from '../lib/profile-form-values.ts';
import { showSuccessNotice } from '../lib/success-notice.tsx';
import { CityField } from '@/shared/ui/city-field.tsx';
import { PhoneField } from '@/shared/ui/phone-field.tsx';
import type { ProfileDictionaries } from './field-types.ts';

type ProfileFormProps = ProfileDictionaries & {
  profile: Profile;
  onSaved?: (profile: Profile) => void;
};

const COMBO = { withinPortal: true, zIndex: 300 } as const;

/** Everything the profile holds, with the registration rules; only changed fields are sent. */
export function ProfileForm({ profile, positions, professionAreas, tags, onSaved }: ProfileFormProps) {
  const queryClient = useQueryClient();
  const [initial, setInitial] = useState<ProfileFormValues>(() => valuesOf(profile));
  const { form, formRef, processing, handleSubmit } = useContractForm<ProfileFormValues>({ initialValues: initial });
  const values = form.getValues();
  const change = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) => form.setFieldValue(key, value as never);
  const error = (key: keyof ProfileFormValues) => form.errors[key] as string | undefined;

  // Errors of the check and of the server show under their fields, with no «Почти готово» over them.
  const submit = handleSubmit({
    schema: profileUpdateBody,
    toBody: (current) => changedFields(initial, current),
    send: async (body) => {
      if (Object.keys(body).length === 0) {
        showSuccessNotice('Все данные уже сохранены', 'Изменений нет');
        return;
      }
      const answer = await updateProfile(body);
      queryClient.setQueryData(profileQueryKey(answer.res.id), answer.res);
      const saved = valuesOf(answer.res);
      setInitial(saved);
      form.setValues(saved);
      showSuccessNotice(answer.message ?? 'Профиль сохранён');
      onSaved?.(answer.res);
    },
  });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="profile-form-title">
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Title order={2} fz={20} id="profile-form-title">
            Данные профиля
          </Title>
          <Stack gap="sm">
            <Text className="form-section-title">О вас</Text>
            <TextInput
              label="ФИО"
              placeholder="Иванова Мария Сергеевна"
              autoComplete="name"
              leftSection={<IconUser size={18} stroke={1.6} />}
              value={values.fio}
              onChange={(e) => change('fio', e.currentTarget.value)}
              error={error('fio')}
              required
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
              <PhoneField
                label="Телефон"
                value={values.phone}
                onChange={(value) => change('phone', value)}
                error={error('phone')}
                required
              />
              <TextInput
                label="E-mail"
                value={profile.email}
                leftSection={<IconAt size={18} stroke={1.6} />}
                description="E-mail — логин для входа, его меняет администратор"
                inputWrapperOrder={['label', 'input', 'description']}
                readOnly
                variant="filled"
              />
            </SimpleGrid>
            <TextInput
              label="Ник в Telegram"
              placeholder="ivanova_hr"
              description="Необязательно: латинские буквы, цифры и подчёркивание, от 5 символов"
              autoComplete="off"
              leftSection={<IconBrandTelegram size={18} stroke={1.6} />}
              value={values.telegram_nickname}
              onChange={(e) => change('telegram_nickname', e.currentTarget.value)}
              error={error('telegram_nickname')}
            />
          </Stack>

          <Stack gap="sm">
            <Text className="form-section-title">Компания и работа</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
              <TextInput
                label="Компания"
                placeholder="ООО «Ромашка»"
                autoComplete="organization"
                leftSection={<IconBuilding size={18} stroke={1.6} />}
                value={values.company}
                onChange={(e) => change('company', e.currentTarget.value)}
                error={error('company')}
                required
              />
              <Select
                label="Количество сотрудников"
                placeholder="Выберите из списка"
                data={[...COMPANY_SIZES]}
                value={values.company_people_count}
                onChange={(value) => change('company_people_count', value)}
                error={error('company_people_count')}
                allowDeselect={false}
                comboboxProps={COMBO}
                required
              />
            </SimpleGrid>
            <CityField value={values.city_name} onChange={(value) => change('city_name', value)} error={error('city_name')} required />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
              <FreeTextChoice
                label="Должность"
                data={positions}
                value={values.position}
                onChange={(value) => change('position', value)}
                error={error('position')}
                zIndex={300}
              />
              <FreeTextChoice
                label="Профессиональная область"
                data={professionAreas}
                value={values.profession_area}
                onChange={(value) => change('profession_area', value)}
                error={error('profession_area')}
                zIndex={300}
                required={false}
              />
            </SimpleGrid>
          </Stack>

          <Stack gap="sm">
            <Text className="form-section-title">Интересы</Text>
            <MultiSelect
              label="Темы, которые вам интересны"
              placeholder={values.tags.length ? '' : 'Выберите из списка'}
              description="По ним клуб подбирает события и материалы"
              data={tags as { value: string; label: string }[]}
              value={values.tags}
              onChange={(value) => change('tags', value)}
              error={error('tags')}
              searchable
              hidePickedOptions
              nothingFoundMessage="Ничего не найдено"
              comboboxProps={COMBO}
            />
          </Stack>

          <Group justify="flex-end">
            <Button type="submit" loading={processing} leftSection={<IconDeviceFloppy size={18} />}>
              Сохранить изменения
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
