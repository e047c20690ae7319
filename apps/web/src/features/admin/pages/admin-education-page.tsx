import { adminEducationBody, EDUCATION_MESSAGE_MAX, EDUCATION_TITLE_MAX, errorsByField } from '@hr/contract';
import { Alert, Button, Card, Group, NumberInput, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { useCreateEducation } from '../api/create-education.ts';
import { fieldError, handleAdminActionError } from '../lib/admin-errors.ts';

type Errors = Record<string, string[]>;
const EMPTY = { title: '', message: '', education_id: '' as string | number };

/** `/admin/education`: an education announcement for every member (notification, e-mail, Telegram). */
export function AdminEducationPage() {
  const create = useCreateEducation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<{ title: string; recipients: number } | null>(null);

  const set = (key: keyof typeof EMPTY, value: string | number) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    setErrors((prev) => ({ ...prev, [key]: [] }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = adminEducationBody.safeParse(values);
    if (!checked.success) {
      setErrors(errorsByField(checked.error.issues, { firstOnly: true }));
      return;
    }
    showConfirmDialog({
      title: 'Отправить анонс всем участникам?',
      children: (
        <Text size="sm">
          Анонс «{checked.data.title}» придёт каждому участнику клуба уведомлением, письмом и в Telegram. Отозвать его нельзя.
        </Text>
      ),
      confirmLabel: 'Отправить',
      cancelLabel: 'Отмена',
      onConfirm: () =>
        create.mutate(checked.data, {
          onSuccess: (answer) => {
            setSent({ title: answer.res.title, recipients: answer.res.recipients });
            setValues(EMPTY);
          },
          onError: (error) => setErrors(handleAdminActionError(error)),
        }),
    });
  };

  return (
    <Stack gap="md">
      {sent ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={20} />}
          title="Анонс отправлен"
          withCloseButton
          onClose={() => setSent(null)}
          closeButtonLabel="Скрыть"
        >
          «{sent.title}» — получателей: {sent.recipients.toLocaleString('ru-RU')}.
        </Alert>
      ) : null}
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={2} fz={18}>
              Новый образовательный анонс
            </Title>
            <Text size="sm" c="dimmed">
              Участники увидят его в уведомлениях; кнопка в уведомлении ведёт на страницу курса.
            </Text>
            <TextInput
              label="Заголовок"
              required
              value={values.title}
              onChange={(event) => set('title', event.currentTarget.value)}
              error={fieldError(errors, 'title')}
              maxLength={EDUCATION_TITLE_MAX}
            />
            <Textarea
              label="Текст анонса"
              required
              value={values.message}
              onChange={(event) => set('message', event.currentTarget.value)}
              error={fieldError(errors, 'message')}
              autosize
              minRows={5}
              maxRows={14}
              maxLength={EDUCATION_MESSAGE_MAX}
              description={`${values.message.length} из ${EDUCATION_MESSAGE_MAX} символов`}
            />
            <NumberInput
              label="Номер курса"
              description="Номер курса на образовательной платформе клуба"
              required
              value={values.education_id}
              onChange={(value) => set('education_id', value)}
              error={fieldError(errors, 'education_id')}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              w={{ base: '100%', xs: 240 }}
            />
            <Group>
              <Button type="submit" leftSection={<IconSend size={16} />} loading={create.isPending}>
                Отправить анонс
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
