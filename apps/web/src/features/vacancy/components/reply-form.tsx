import { REPLY_FILE_ACCEPT, REPLY_FILE_HINT, VACANCY_MSG, replyBody } from '@hr/contract/vacancy';
import { Anchor, Button, Checkbox, FileInput, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAt, IconFileText, IconMapPin, IconSend, IconUser } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { type FieldErrors, isApiError, joinErrors } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { validateWith } from '@/shared/lib/validate.ts';
import { showServerMessage } from '@/shared/ui/dialogs.tsx';
import { type ReplyFields, sendReply } from '../api/send-reply.ts';
import { replyFileProblem } from '../lib/reply-file.ts';
import { PhoneField } from './phone-field.tsx';

const ORDER = ['fio', 'phone', 'email', 'city_name', 'cover_letter', 'resume_text', 'file', 'consent'] as const;
const idOf = (field: string) => `reply-field-${field}`;

const EMPTY: ReplyFields = { fio: '', phone: '', email: '', city_name: '', cover_letter: '', resume_text: '', consent: false, website: '' };

type ReplyFormProps = { vacancyId: number; onSent: (message: string | undefined) => void };

/** The public reply (PRODUCT 5): no account needed; a CV file or a few words about oneself. */
export function ReplyForm({ vacancyId, onSent }: ReplyFormProps) {
  const [values, setValues] = useState<ReplyFields>(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [processing, setProcessing] = useState(false);

  const change = <K extends keyof ReplyFields>(key: K, value: ReplyFields[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const error = (key: string) => joinErrors(errors[key]);

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = ORDER.find((field) => found[field]?.length);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const pickFile = (next: File | null) => {
    setFile(next);
    const problem = replyFileProblem(next);
    setErrors(({ file: _gone, resume_text: _text, ...rest }) => (problem ? { ...rest, file: [problem] } : rest));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    const found: FieldErrors =
      validateWith(replyBody, { ...values, phone: values.phone.replace(/\D/g, '').length > 1 ? values.phone : '' }) ?? {};
    const fileProblem = replyFileProblem(file);
    if (fileProblem) found.file = [fileProblem];
    if (!file && values.resume_text.trim() === '') found.resume_text = [VACANCY_MSG.resumeOrFile];
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    setProcessing(true);
    try {
      const answer = await sendReply(vacancyId, values, file);
      onSent(answer.message);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 422) {
        if (Object.keys(failure.fieldErrors).length > 0) showErrors(failure.fieldErrors);
        else showServerMessage(failure.payload.title, failure.payload.message, 'warning');
      } else {
        handleErrorWithoutRedirect(failure);
      }
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="reply-form-title" className="reply-form">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz={22} id="reply-form-title">
            Откликнуться
          </Title>
          <Text size="sm" c="dimmed">
            Регистрация не нужна: работодатель получит ваш отклик и свяжется с вами.
          </Text>
        </Stack>
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
          value={file}
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
