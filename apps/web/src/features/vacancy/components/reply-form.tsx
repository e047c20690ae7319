import { consentVersion } from '@hr/contract/consent';
import { REPLY_FILE_ACCEPT, REPLY_FILE_HINT, VACANCY_MSG, replyBody } from '@hr/contract/vacancy';
import { Alert, Anchor, Button, Checkbox, FileInput, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconAt, IconFileText, IconMapPin, IconSend, IconUser } from '@tabler/icons-react';
import { useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { consentErrorsOnBox } from '@/shared/lib/consent-errors.ts';
import { useContractForm } from '@/shared/lib/use-contract-form.ts';
import type { SafeParser } from '@/shared/lib/validate.ts';
import { showServerMessage } from '@/shared/ui/dialogs.tsx';
import { type ReplyFields, sendReply } from '../api/send-reply.ts';
import { replyFileProblem } from '../lib/reply-file.ts';
import { PhoneField } from '@/shared/ui/phone-field.tsx';
import { takeTypedBeforeHydration } from '@/shared/lib/typed-before-hydration.ts';
import { phoneIntoMask } from '@hr/contract/phone';

const ORDER = ['fio', 'phone', 'email', 'city_name', 'cover_letter', 'resume_text', 'file', 'consent'] as const;
const idOf = (field: string) => `reply-field-${field}`;
/** The text fields a person may have filled before a server-drawn page came alive. */
const TYPED = ['fio', 'phone', 'email', 'city_name', 'cover_letter', 'resume_text'] as const;

type Values = ReplyFields & { file: File | null };

const EMPTY: Values = {
  fio: '',
  phone: '',
  email: '',
  city_name: '',
  cover_letter: '',
  resume_text: '',
  consent: false,
  // The version of the consent text this page shows; the server keeps it with the reply.
  consent_version: consentVersion('reply'),
  website: '',
  // Set from the page's address when sent (replyChannel).
  channel: 'site',
  file: null,
};

/** `telegram` when the page was opened from the team's Telegram share (`?from=telegram` or `utm_source=telegram`). */
export function replyChannel(search: string): 'site' | 'telegram' {
  const query = new URLSearchParams(search);
  return query.get('from') === 'telegram' || query.get('utm_source') === 'telegram' ? 'telegram' : 'site';
}

type Issue = { path: PropertyKey[]; message: string };

/**
 * The contract's replyBody plus what only the client sees: the file's type and size, and «a file or
 * a few words». A mask with nothing typed counts as an empty phone.
 */
const replyCheck: SafeParser = {
  safeParse(value) {
    const { file, ...fields } = value as Values;
    const issues: Issue[] = [];
    const fileProblem = replyFileProblem(file);
    if (fileProblem) issues.push({ path: ['file'], message: fileProblem });
    if (!file && fields.resume_text.trim() === '') issues.push({ path: ['resume_text'], message: VACANCY_MSG.resumeOrFile });
    const phone = fields.phone.replace(/\D/g, '').length > 1 ? fields.phone : '';
    const result = replyBody.safeParse({ ...fields, phone });
    if (!result.success) issues.push(...result.error.issues.map(({ path, message }) => ({ path: [...path], message })));
    return issues.length > 0 ? { success: false, error: { issues } } : { success: true };
  },
};

/** `onSent` gets the e-mail the confirmation went to. */
type ReplyFormProps = { vacancyId: number; onSent: (email: string) => void };

/** The public reply (PRODUCT 5): no account needed; a CV file or a few words about oneself. */
export function ReplyForm({ vacancyId, onSent }: ReplyFormProps) {
  const { form, formRef, processing, formError, handleSubmit } = useContractForm<Values>({
    initialValues: EMPTY,
    serverErrors: (failure) => {
      if (!isApiError(failure) || failure.status !== 422) {
        handleErrorWithoutRedirect(failure);
        return {};
      }
      if (Object.keys(failure.fieldErrors).length > 0) return consentErrorsOnBox(failure.fieldErrors);
      showServerMessage(failure.payload.title, failure.payload.message, 'warning');
      return {};
    },
    focusInvalid: (errors) => {
      const first = ORDER.find((field) => errors[field]?.length);
      if (first) document.getElementById(idOf(first))?.focus();
    },
  });
  // The page may arrive drawn by the server: what the person typed before it came alive is in the
  // inputs only, and the first render would wipe it. Taken into the form while hydrating, before that.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first commit; later the inputs follow the form's state
  useLayoutEffect(() => {
    const root = formRef.current;
    if (!root) return;
    // A part drawn again while hydrating has empty inputs: what was typed into the old ones is kept aside.
    const early = takeTypedBeforeHydration();
    for (const key of TYPED) {
      const input = root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${idOf(key)}`);
      const typed = input?.value || early.get(idOf(key)) || '';
      if (!typed) continue;
      // The mask was not there yet: the digits as typed are put into it.
      if (key === 'phone') {
        // Even one digit counts (the rest of the number is typed into the new field); the mask's «+7» alone does not.
        const masked = phoneIntoMask(typed);
        if (masked) form.setFieldValue('phone', masked);
      } else form.setFieldValue(key, typed);
    }
    if (root.querySelector<HTMLInputElement>(`#${idOf('consent')}`)?.checked || early.get(idOf('consent')) === 'on') {
      form.setFieldValue('consent', true);
    }
  }, []);
  const values = form.getValues();
  const error = (key: keyof Values) => (form.errors[key] ? String(form.errors[key]) : undefined);
  const change = <K extends keyof Values>(key: K, value: Values[K]) => form.setFieldValue(key, value as never);

  const pickFile = (next: File | null) => {
    change('file', next);
    const problem = replyFileProblem(next);
    form.clearFieldError('resume_text');
    if (problem) form.setFieldError('file', problem);
  };

  const submit = handleSubmit({
    schema: replyCheck,
    send: async (_body, { file, ...fields }) => {
      await sendReply(vacancyId, { ...fields, channel: replyChannel(window.location.search) }, file);
      onSent(fields.email.trim());
    },
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="reply-form-title" className="reply-form">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz={22} id="reply-form-title">
            Откликнуться
          </Title>
          <Text size="sm" c="dimmed">
            Регистрация не нужна: работодатель получит ваш отклик и свяжется с вами.
          </Text>
        </Stack>
        {formError ? (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
            {formError}
          </Alert>
        ) : null}
        <TextInput
          id={idOf('fio')}
          label="ФИО"
          autoComplete="name"
          leftSection={<IconUser size={18} stroke={1.6} />}
          value={values.fio}
          onChange={(e) => change('fio', e.currentTarget.value)}
          error={error('fio')}
          required
        />
        <PhoneField
          id={idOf('phone')}
          label="Телефон"
          value={values.phone}
          onChange={(v) => change('phone', v)}
          error={error('phone')}
          required
        />
        <TextInput
          id={idOf('email')}
          label="E-mail"
          type="email"
          autoComplete="email"
          leftSection={<IconAt size={18} stroke={1.6} />}
          value={values.email}
          onChange={(e) => change('email', e.currentTarget.value)}
          error={error('email')}
          required
        />
        <TextInput
          id={idOf('city_name')}
          label="Город"
          description="Необязательно"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="address-level2"
          leftSection={<IconMapPin size={18} stroke={1.6} />}
          value={values.city_name}
          onChange={(e) => change('city_name', e.currentTarget.value)}
          error={error('city_name')}
        />
        <Textarea
          id={idOf('cover_letter')}
          label="Сопроводительное письмо"
          description="Необязательно"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autosize
          minRows={3}
          maxRows={10}
          value={values.cover_letter}
          onChange={(e) => change('cover_letter', e.currentTarget.value)}
          error={error('cover_letter')}
        />
        <FileInput
          id={idOf('file')}
          label="Файл резюме"
          description={REPLY_FILE_HINT}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder="Выберите файл"
          accept={REPLY_FILE_ACCEPT}
          leftSection={<IconFileText size={18} stroke={1.6} />}
          value={values.file}
          onChange={pickFile}
          clearable
          clearButtonProps={{ 'aria-label': 'Убрать файл' }}
          // Mantine's placeholder grey is too light for WCAG AA on white.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          error={error('file')}
        />
        <Textarea
          id={idOf('resume_text')}
          label="Или расскажите о себе"
          description="Опыт, навыки, ожидания — если нет файла резюме"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autosize
          minRows={3}
          maxRows={12}
          value={values.resume_text}
          onChange={(e) => change('resume_text', e.currentTarget.value)}
          error={error('resume_text')}
        />
        {/* A field people never see: bots fill it, and such a reply is quietly dropped. */}
        <div className="reply-form__trap" aria-hidden="true">
          <label htmlFor={idOf('website')}>Сайт</label>
          <input
            id={idOf('website')}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(e) => change('website', e.currentTarget.value)}
          />
        </div>
        <Checkbox
          id={idOf('consent')}
          checked={values.consent}
          onChange={(e) => change('consent', e.currentTarget.checked)}
          error={error('consent')}
          label={
            <>
              Я согласен(-на) на{' '}
              <Anchor component={Link} to="/personal-data" target="_blank" inherit>
                обработку персональных данных
              </Anchor>
            </>
          }
        />
        <Button type="submit" size="md" loading={processing} leftSection={<IconSend size={18} />} mt={4}>
          Отправить отклик
        </Button>
      </Stack>
    </form>
  );
}
