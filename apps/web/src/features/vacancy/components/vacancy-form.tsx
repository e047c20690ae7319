import {
  VACANCY_DESCRIPTION_MAX,
  VACANCY_DESCRIPTION_MIN,
  VACANCY_MSG,
  VACANCY_SKILLS_MAX,
  type Vacancy,
  type VacancyCreateBody,
  type VacancyStatus,
  vacancyCreateBody,
  visibleLength,
} from '@hr/contract/vacancy';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconAt, IconBuilding, IconDeviceFloppy, IconSend, IconUser } from '@tabler/icons-react';
import { type FormEvent, lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import type { ApiAnswer } from '@/shared/api/api-client.ts';
import { type FieldErrors, isApiError } from '@/shared/api/api-error.ts';
import { handleFormError } from '@/shared/api/error-handlers.ts';
import { useContractForm } from '@/shared/lib/use-contract-form.ts';
import type { SafeParser } from '@/shared/lib/validate.ts';
import { type VacancyDictionaries, optionsOf, roleFilter, roleOptions } from '../lib/dictionaries.ts';
import { bodyOf, FIELD_ORDER, fieldId, type VacancyFormValues } from '../lib/vacancy-form-values.ts';
import type { DescriptionEditorHandle } from './description-editor.tsx';
import { CityField } from '@/shared/ui/city-field.tsx';
import { PhoneField } from '@/shared/ui/phone-field.tsx';

// The editor (TipTap + ProseMirror) is loaded only by the pages that edit a vacancy.
const DescriptionEditor = lazy(() => import('./description-editor.tsx').then((m) => ({ default: m.DescriptionEditor })));

type Target = 'draft' | 'published' | undefined;

type VacancyFormProps = {
  initial: VacancyFormValues;
  /** null: a new vacancy. */
  status: VacancyStatus | null;
  dictionaries: VacancyDictionaries;
  save: (body: VacancyCreateBody) => Promise<ApiAnswer<Vacancy>>;
  onSaved: (vacancy: Vacancy, message: string | undefined) => void;
  /** Extra actions beside the buttons (close the vacancy). */
  extraActions?: ReactNode;
};

const COMBO = { withinPortal: true } as const;

function Section({ title, children, hint }: { title: string; children: ReactNode; hint?: string }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="fieldset" className="vacancy-form__section">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz={18} component="legend" className="vacancy-form__legend">
            {title}
          </Title>
          {hint ? (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

/** Moves the focus to the first field the server or the schema found wrong. */
function focusFirstInvalid(errors: FieldErrors, editor: DescriptionEditorHandle | null) {
  const first = FIELD_ORDER.find((field) => errors[field]?.length);
  if (!first) return;
  if (first === 'description' && editor) {
    editor.focus();
    return;
  }
  const element = document.getElementById(fieldId(first));
  element?.focus();
  element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

type Issue = { path: PropertyKey[]; message: string };

/** The contract's vacancyCreateBody, and for publishing the description's minimum of visible text. */
const vacancyCheck = (target: Target, status: VacancyStatus | null): SafeParser => ({
  safeParse(value) {
    const body = value as VacancyCreateBody;
    const result = vacancyCreateBody.safeParse(body);
    const issues: Issue[] = result.success ? [] : result.error.issues.map(({ path, message }) => ({ path: [...path], message }));
    const publishing = target === 'published' || (target === undefined && status === 'published');
    if (publishing && visibleLength(body.description ?? '') < VACANCY_DESCRIPTION_MIN) {
      // After the schema's own description message, if any: the first message of a field is shown.
      issues.push({ path: ['description'], message: VACANCY_MSG.descriptionShort });
    }
    return issues.length > 0 ? { success: false, error: { issues } } : { success: true };
  },
});

/** The vacancy editor (PRODUCT 5): everything the contract takes, draft and publish, errors per field. */
export function VacancyForm({ initial, status, dictionaries, save, onSaved, extraActions }: VacancyFormProps) {
  const editor = useRef<DescriptionEditorHandle>(null);
  const { form, formRef, processing, formError, handleSubmit } = useContractForm<VacancyFormValues>({
    initialValues: initial,
    // 422 stays with the form (no «Почти готово» over it): the messages go under their fields and the
    // focus to the first; a 422 naming no field shows its words above the form.
    serverErrors: (failure) => {
      const errors = handleFormError(failure);
      if (isApiError(failure) && failure.status === 422 && Object.keys(errors).length === 0) {
        return { form: [failure.payload.message || 'Проверьте правильность заполнения полей формы'] };
      }
      return errors;
    },
    focusInvalid: (errors) => focusFirstInvalid(errors, editor.current),
  });
  const [pending, setPending] = useState<Target>(undefined);
  const values = form.getValues();

  const change = <K extends keyof VacancyFormValues>(key: K, value: VacancyFormValues[K]) => form.setFieldValue(key, value as never);
  const error = (key: keyof VacancyFormValues) => (form.errors[key] ? String(form.errors[key]) : undefined);

  const length = visibleLength(values.description);

  const submit = (target: Target) => {
    if (processing) return;
    // The editor may still hold the last 300 ms of typing: take its text as it is now.
    const html = editor.current?.getHTML();
    if (html !== undefined) change('description', html);
    setPending(target);
    return handleSubmit({
      schema: vacancyCheck(target, status),
      toBody: (current) => bodyOf(current, target),
      send: async (body) => {
        const answer = await save(body);
        onSaved(answer.res, answer.message);
      },
    })();
  };
  const loading = (target: Target) => processing && pending === target;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(status === null || status === 'draft' ? 'draft' : undefined);
  };

  const counterId = fieldId('description-counter');
  const counterTone = length > VACANCY_DESCRIPTION_MAX ? 'red.9' : length < VACANCY_DESCRIPTION_MIN ? 'dimmed' : 'teal.9';

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="vacancy-form">
      <Stack gap="lg">
        {formError ? (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
            {formError}
          </Alert>
        ) : null}
        <Section title="Основное">
          <TextInput
            id={fieldId('title')}
            label="Название вакансии"
            placeholder="Например, менеджер по подбору персонала"
            value={values.title}
            onChange={(e) => change('title', e.currentTarget.value)}
            error={error('title')}
            maxLength={100}
            required
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput
              id={fieldId('company')}
              label="Компания"
              description="Если не указать — возьмём из профиля"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              leftSection={<IconBuilding size={18} stroke={1.6} />}
              value={values.company}
              onChange={(e) => change('company', e.currentTarget.value)}
              error={error('company')}
            />
            <CityField
              id={fieldId('city')}
              cityId={values.city}
              title={values.cityTitle}
              onPick={(city, title) => {
                form.setValues({ city, cityTitle: title });
                form.clearFieldError('city');
              }}
              error={error('city')}
              required
            />
          </SimpleGrid>
          <TextInput
            id={fieldId('address')}
            label="Адрес офиса"
            description="Необязательно"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder="Улица, дом"
            value={values.address}
            onChange={(e) => change('address', e.currentTarget.value)}
            error={error('address')}
          />
        </Section>

        <Section title="Условия">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <NumberInput
              id={fieldId('salary_from')}
              label="Зарплата от, ₽"
              placeholder="Не указана"
              thousandSeparator=" "
              allowDecimal={false}
              allowNegative={false}
              hideControls
              value={values.salary_from}
              onChange={(value) => change('salary_from', value)}
              error={error('salary_from')}
            />
            <NumberInput
              id={fieldId('salary_to')}
              label="Зарплата до, ₽"
              placeholder="Не указана"
              thousandSeparator=" "
              allowDecimal={false}
              allowNegative={false}
              hideControls
              value={values.salary_to}
              onChange={(value) => change('salary_to', value)}
              error={error('salary_to')}
            />
            <Select
              id={fieldId('workingType')}
              label="Тип занятости"
              placeholder="Не важно"
              data={optionsOf(dictionaries.workingType)}
              value={values.workingType}
              onChange={(value) => change('workingType', value)}
              error={error('workingType')}
              clearable
              comboboxProps={COMBO}
            />
            <Select
              id={fieldId('schedule')}
              label="График работы"
              placeholder="Не важно"
              data={optionsOf(dictionaries.schedule)}
              value={values.schedule}
              onChange={(value) => change('schedule', value)}
              error={error('schedule')}
              clearable
              comboboxProps={COMBO}
            />
            <Select
              id={fieldId('experience')}
              label="Опыт работы"
              placeholder="Не важно"
              data={optionsOf(dictionaries.experience)}
              value={values.experience}
              onChange={(value) => change('experience', value)}
              error={error('experience')}
              clearable
              comboboxProps={COMBO}
            />
            <Select
              id={fieldId('education')}
              label="Образование"
              placeholder="Не важно"
              data={optionsOf(dictionaries.education)}
              value={values.education}
              onChange={(value) => change('education', value)}
              error={error('education')}
              clearable
              comboboxProps={COMBO}
            />
          </SimpleGrid>
          <Select
            id={fieldId('role')}
            label="Профессиональная роль"
            placeholder="Начните вводить или выберите"
            data={roleOptions(dictionaries.roleTree)}
            value={values.role}
            onChange={(value) => change('role', value)}
            error={error('role')}
            searchable
            filter={roleFilter}
            clearable
            nothingFoundMessage="Ничего не найдено"
            comboboxProps={COMBO}
          />
        </Section>

        <Section title="Ключевые навыки" hint={`До ${VACANCY_SKILLS_MAX} навыков: введите и нажмите Enter или запятую`}>
          <TagsInput
            id={fieldId('skills')}
            label="Навыки"
            placeholder={values.skills.length < VACANCY_SKILLS_MAX ? 'Например, подбор персонала' : ''}
            value={values.skills}
            onChange={(value) => change('skills', value)}
            maxTags={VACANCY_SKILLS_MAX}
            splitChars={[',', ';']}
            clearable
            error={error('skills')}
            description={`${values.skills.length} из ${VACANCY_SKILLS_MAX}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        </Section>

        <Section
          title="Описание"
          hint={`Обязанности, требования, условия. Для публикации нужно не меньше ${VACANCY_DESCRIPTION_MIN} символов текста.`}
        >
          <Suspense fallback={<Skeleton height={260} radius="md" aria-label="Загружаем редактор" />}>
            <DescriptionEditor
              ref={editor}
              id={fieldId('description')}
              initialHtml={initial.description}
              onChange={(html) => change('description', html)}
              invalid={Boolean(form.errors.description)}
              describedBy={`${counterId}${form.errors.description ? ` ${fieldId('description-error')}` : ''}`}
            />
          </Suspense>
          <Group justify="space-between" gap="xs" wrap="wrap">
            {form.errors.description ? (
              <Text size="sm" c="var(--mantine-color-error)" id={fieldId('description-error')} className="field-error">
                {error('description')}
              </Text>
            ) : (
              <span />
            )}
            <Text size="sm" c={counterTone} id={counterId} aria-live="polite">
              {length.toLocaleString('ru-RU')} из {VACANCY_DESCRIPTION_MAX.toLocaleString('ru-RU')} символов
              {length < VACANCY_DESCRIPTION_MIN ? ` · для публикации ещё ${VACANCY_DESCRIPTION_MIN - length}` : ''}
            </Text>
          </Group>
        </Section>

        <Section title="Контакты HR" hint="Видны только вам и вашей команде. Пустые поля заполним из вашего профиля.">
          <TextInput
            id={fieldId('contact_name')}
            label="Контактное лицо"
            autoComplete="name"
            leftSection={<IconUser size={18} stroke={1.6} />}
            value={values.contact_name}
            onChange={(e) => change('contact_name', e.currentTarget.value)}
            error={error('contact_name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput
              id={fieldId('contact_email')}
              label="E-mail"
              type="email"
              autoComplete="email"
              leftSection={<IconAt size={18} stroke={1.6} />}
              value={values.contact_email}
              onChange={(e) => change('contact_email', e.currentTarget.value)}
              error={error('contact_email')}
            />
            <PhoneField
              id={fieldId('contact_phone')}
              label="Телефон"
              value={values.contact_phone}
              onChange={(value) => change('contact_phone', value)}
              error={error('contact_phone')}
            />
          </SimpleGrid>
        </Section>

        <Group justify="flex-end" gap="sm" className="vacancy-form__actions">
          {extraActions}
          {status === null || status === 'draft' ? (
            <>
              <Button type="submit" variant="default" loading={loading('draft')} leftSection={<IconDeviceFloppy size={18} />}>
                Сохранить черновик
              </Button>
              <Button
                type="button"
                loading={loading('published')}
                onClick={() => void submit('published')}
                leftSection={<IconSend size={18} />}
              >
                Опубликовать
              </Button>
            </>
          ) : (
            <>
              <Button
                type="submit"
                variant={status === 'closed' ? 'default' : 'filled'}
                loading={loading(undefined)}
                leftSection={<IconDeviceFloppy size={18} />}
              >
                Сохранить изменения
              </Button>
              {status === 'closed' ? (
                <Button
                  type="button"
                  loading={loading('published')}
                  onClick={() => void submit('published')}
                  leftSection={<IconSend size={18} />}
                >
                  Опубликовать снова
                </Button>
              ) : null}
            </>
          )}
        </Group>
      </Stack>
    </form>
  );
}
