import { COMPANY_SIZES, type CompanySize, DEFAULT_COMPANY_SIZE, type RegisterBody, RESIDENT_GIVES, registerBody } from '@hr/contract';
import { Alert, Autocomplete, Box, Button, Checkbox, Grid, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconAt, IconBrandTelegram, IconBuilding, IconUser } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useContractForm } from '@/shared/lib/use-contract-form.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { LinkButton } from '@/shared/ui/link-button.tsx';
import { PasswordField } from '@/shared/ui/password-field.tsx';
import { CityField } from '@/shared/ui/city-field.tsx';
import { PhoneField } from '@/shared/ui/phone-field.tsx';
import { register } from '../api/register.ts';
import { ClubPitch } from './club-pitch.tsx';

type RegisterValues = {
  company: string;
  company_people_count: CompanySize;
  city_name: string;
  fio: string;
  position: string;
  profession_area: string;
  phone: string;
  email: string;
  telegram_nickname: string;
  password: string;
  password_confirmation: string;
  is_resident: boolean;
  has_consultation: boolean;
};

const INITIAL: RegisterValues = {
  company: '',
  company_people_count: DEFAULT_COMPANY_SIZE,
  city_name: '',
  fio: '',
  position: '',
  profession_area: '',
  phone: '',
  email: '',
  telegram_nickname: '',
  password: '',
  password_confirmation: '',
  is_resident: false,
  has_consultation: false,
};

type RegisterPopupProps = {
  opened: boolean;
  onClose: () => void;
  /** From the URL query `user_token` (an invitation link). */
  userToken?: string | null;
  positions: readonly string[];
  professionAreas: readonly string[];
  onRegistered: (email: string) => Promise<void>;
  onUseExistingAccount: () => void;
  onOpenLogin: () => void;
};

function toBody(values: RegisterValues, userToken: string | null | undefined): RegisterBody {
  const nickname = values.telegram_nickname.trim();
  const area = values.profession_area.trim();
  return {
    fio: values.fio.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    telegram_nickname: nickname || undefined,
    password: values.password,
    password_confirmation: values.password_confirmation,
    company: values.company.trim(),
    position: values.position.trim(),
    city_name: values.city_name.trim(),
    company_people_count: values.company_people_count,
    profession_area: area || undefined,
    is_resident: values.is_resident,
    has_consultation: values.has_consultation,
    ...(userToken ? { user_token: userToken } : {}),
  };
}

/** SEED popup 2: marketing on the left, the registration form on the right. */
export function RegisterPopup(props: RegisterPopupProps) {
  const { opened, onClose, userToken, positions, professionAreas } = props;
  const isNarrow = useMediaQuery('(max-width: 62em)');
  const { form, formRef, processing, formError, handleSubmit } = useContractForm<RegisterValues>({ initialValues: INITIAL });
  const [ignoreToken, setIgnoreToken] = useState(false);

  useEffect(() => {
    if (opened) setIgnoreToken(false);
  }, [opened]);

  const submit = (withToken: boolean) =>
    handleSubmit({
      schema: registerBody,
      toBody: (values) => toBody(values, withToken ? userToken : null),
      send: async (body) => {
        const answer = await register(body);
        const existing = answer.res?.user;
        if (existing) {
          askIfOwnAccount(existing);
        } else {
          await props.onRegistered(body.email);
          form.reset();
        }
      },
    });

  const askIfOwnAccount = (existing: { email: string; phone: string }) => {
    showConfirmDialog({
      title: 'Это ваш аккаунт?',
      children: (
        <Stack gap="sm">
          <Text size="sm">По ссылке-приглашению в клубе уже есть аккаунт:</Text>
          <Box className="account-card">
            <Text size="sm">
              E-mail: <b>{existing.email}</b>
            </Text>
            <Text size="sm">
              Телефон: <b>{existing.phone}</b>
            </Text>
          </Box>
          <Text size="sm" c="dimmed">
            Если это вы — войдите в него. Если нет — создадим новый аккаунт по введённым данным.
          </Text>
        </Stack>
      ),
      confirmLabel: 'Да, это мой аккаунт',
      cancelLabel: 'Нет, это не мой аккаунт',
      onConfirm: () => props.onUseExistingAccount(),
      onCancel: () => {
        setIgnoreToken(true);
        void submit(false)();
      },
    });
  };

  const onSubmit = (event: FormEvent) => void submit(!ignoreToken)(event);

  const formBody = (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        {formError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} style={{ whiteSpace: 'pre-line' }}>
            {formError}
          </Alert>
        ) : null}
        <Stack gap="sm">
          <Text className="form-section-title">О компании</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput
              label="Компания"
              placeholder="ООО «Ромашка»"
              autoComplete="organization"
              leftSection={<IconBuilding size={18} stroke={1.6} />}
              required
              {...form.getInputProps('company')}
            />
            <NativeSelect
              label="Количество сотрудников"
              data={[...COMPANY_SIZES]}
              required
              {...form.getInputProps('company_people_count')}
            />
          </SimpleGrid>
          <CityField
            value={form.getValues().city_name}
            onChange={(value) => form.setFieldValue('city_name', value)}
            error={form.errors.city_name as string | undefined}
            required
          />
        </Stack>
        <Stack gap="sm">
          <Text className="form-section-title">О вас</Text>
          <TextInput
            label="ФИО"
            placeholder="Иванова Мария Сергеевна"
            autoComplete="name"
            leftSection={<IconUser size={18} stroke={1.6} />}
            required
            {...form.getInputProps('fio')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <Autocomplete
              label="Должность"
              placeholder="Выберите или введите свою"
              data={positions as string[]}
              limit={30}
              comboboxProps={{ zIndex: 1000 }}
              autoComplete="off"
              required
              {...form.getInputProps('position')}
            />
            <Autocomplete
              label="Профессиональная область"
              placeholder="Необязательно"
              data={professionAreas as string[]}
              limit={30}
              comboboxProps={{ zIndex: 1000 }}
              autoComplete="off"
              {...form.getInputProps('profession_area')}
            />
            <PhoneField
              label="Телефон"
              value={form.getValues().phone}
              onChange={(value) => form.setFieldValue('phone', value)}
              error={form.errors.phone as string | undefined}
              required
            />
            <TextInput
              label="E-mail"
              placeholder="name@company.ru"
              type="email"
              autoComplete="email"
              leftSection={<IconAt size={18} stroke={1.6} />}
              required
              {...form.getInputProps('email')}
            />
          </SimpleGrid>
          <TextInput
            label="Ник в Telegram"
            placeholder="ivanova_hr"
            description="Необязательно: латинские буквы, цифры и подчёркивание, от 5 символов"
            autoComplete="off"
            leftSection={<IconBrandTelegram size={18} stroke={1.6} />}
            {...form.getInputProps('telegram_nickname')}
          />
        </Stack>
        <Stack gap="sm">
          <Text className="form-section-title">Пароль</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <PasswordField
              label="Пароль"
              placeholder="Не менее 6 символов"
              autoComplete="new-password"
              toggleLabel="Показать пароль"
              required
              {...form.getInputProps('password')}
            />
            <PasswordField
              label="Повтор пароля"
              placeholder="Ещё раз"
              autoComplete="new-password"
              toggleLabel="Показать повтор пароля"
              required
              {...form.getInputProps('password_confirmation')}
            />
          </SimpleGrid>
        </Stack>
        <Stack gap="xs">
          <Checkbox
            label="Прошу статус резидента клуба"
            description={<span id="residency-hint">{`Заявку рассматривает администратор. Резидентам доступны ${RESIDENT_GIVES}.`}</span>}
            aria-describedby="residency-hint"
            {...form.getInputProps('is_resident', { type: 'checkbox' })}
          />
          <Checkbox label="Нужна консультация" {...form.getInputProps('has_consultation', { type: 'checkbox' })} />
        </Stack>
        <Stack gap="sm">
          <Button type="submit" size="md" fullWidth loading={processing}>
            Зарегистрироваться
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            Нажимая кнопку, вы соглашаетесь с условиями договора-оферты и обработкой персональных данных.
          </Text>
          <Text size="sm" ta="center">
            <LinkButton onClick={props.onOpenLogin}>Уже есть аккаунт? Войти</LinkButton>
          </Text>
        </Stack>
      </Stack>
    </form>
  );

  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title="Регистрация"
      size={isNarrow ? 640 : 1000}
      centered={false}
      yOffset="4vh"
      classNames={{ title: 'app-modal__title', body: 'register-modal__body' }}
    >
      {isNarrow ? (
        <Stack gap="lg">
          <Box className="club-pitch-panel club-pitch-panel--compact">
            <ClubPitch compact />
          </Box>
          {formBody}
        </Stack>
      ) : (
        <Grid gutter="xl" align="stretch">
          <Grid.Col span={5}>
            <Box className="club-pitch-panel">
              <ClubPitch />
            </Box>
          </Grid.Col>
          <Grid.Col span={7}>{formBody}</Grid.Col>
        </Grid>
      )}
    </AppModal>
  );
}
