import {
  type MessageTemplate,
  TEMPLATE_BODY_MAX,
  TEMPLATE_KIND_TITLES,
  TEMPLATE_KINDS,
  TEMPLATE_MSG,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SUBJECT_MAX,
  type TemplateKind,
  templateBody,
} from '@hr/contract';
import { Alert, Button, Group, Paper, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useContractForm } from '@/shared/lib/use-contract-form.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { PlaceholderChips } from './placeholder-chips.tsx';
import { insertPlaceholder, previewOf, sampleValues } from './template-text.ts';
import { useSaveTemplate } from './templates-api.ts';

type Values = { name: string; kind: TemplateKind; subject: string; body: string; shared: boolean };

/** What the editor opens with: a template of one's own to change, or the text of a new one (maybe a copy). */
export type EditorStart = { id: number | null; values: Values };

export const emptyTemplate: EditorStart = { id: null, values: { name: '', kind: 'other', subject: '', body: '', shared: false } };

export const startFrom = (t: MessageTemplate, copy: boolean): EditorStart => ({
  id: copy ? null : t.id,
  values: {
    name: copy ? `${t.name} (копия)`.slice(0, TEMPLATE_NAME_MAX) : t.name,
    kind: t.kind,
    subject: t.subject,
    body: t.body,
    shared: copy ? false : t.shared,
  },
});

type TemplateEditorProps = { start: EditorStart | null; onClose: () => void };

/** The dialog that writes a template: name, kind, subject and text with placeholders, «Показать команде», and the letter as it reads. */
export function TemplateEditor({ start, onClose }: TemplateEditorProps) {
  const { user } = useSession();
  const save = useSaveTemplate();
  const { form, formRef, processing, formError, handleSubmit, clearErrors } = useContractForm<Values>({
    initialValues: emptyTemplate.values,
  });
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<'subject' | 'body'>('body');

  // Each opening starts from its own template.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening matters
  useEffect(() => {
    if (!start) return;
    clearErrors();
    form.setValues(start.values);
    lastField.current = 'body';
  }, [start]);

  const insert = (key: string) => {
    const field = lastField.current;
    const el = field === 'subject' ? subjectRef.current : bodyRef.current;
    const text = form.getValues()[field];
    const at = el
      ? { start: el.selectionStart ?? text.length, end: el.selectionEnd ?? text.length }
      : { start: text.length, end: text.length };
    const next = insertPlaceholder(text, at.start, at.end, key);
    // The new value written now, and the caret put right after the placeholder in the same click: set
    // a frame later, it pulled back a caret the person had already moved (Ctrl+End, a click).
    flushSync(() => form.setFieldValue(field, next.text));
    el?.focus();
    el?.setSelectionRange(next.caret, next.caret);
  };

  const values = form.getValues();
  const preview = previewOf(values.subject, values.body, sampleValues({ name: user?.name ?? '', family: user?.family ?? '' }));

  const submit = handleSubmit({
    schema: templateBody,
    toBody: (v: Values) => ({ ...v, name: v.name.trim(), subject: v.subject.trim() }),
    send: async (body) => {
      await save.mutateAsync({ id: start?.id ?? null, body });
      notifications.show({ color: 'teal', message: `${TEMPLATE_MSG.saved}: «${body.name}»` });
      onClose();
    },
  });

  return (
    <AppModal opened={start !== null} onClose={onClose} title={start?.id ? 'Изменить шаблон' : 'Новый шаблон'} size={720}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light">
              {formError}
            </Alert>
          ) : null}
          <Group grow align="flex-start" wrap="wrap" gap="md">
            <TextInput label="Название" required maxLength={TEMPLATE_NAME_MAX} miw={220} {...form.getInputProps('name')} />
            <Select
              label="Для чего"
              miw={180}
              allowDeselect={false}
              data={TEMPLATE_KINDS.map((k) => ({ value: k, label: TEMPLATE_KIND_TITLES[k] }))}
              {...form.getInputProps('kind')}
            />
          </Group>
          <TextInput
            ref={subjectRef}
            label="Тема письма"
            required
            maxLength={TEMPLATE_SUBJECT_MAX}
            {...form.getInputProps('subject')}
            onFocus={(event) => {
              lastField.current = 'subject';
              form.getInputProps('subject').onFocus?.(event);
            }}
          />
          <Textarea
            ref={bodyRef}
            label="Текст письма"
            description="Переносы строк сохранятся; разметка не нужна — письмо уйдёт как обычный текст"
            required
            autosize
            minRows={6}
            maxRows={16}
            maxLength={TEMPLATE_BODY_MAX}
            {...form.getInputProps('body')}
            onFocus={(event) => {
              lastField.current = 'body';
              form.getInputProps('body').onFocus?.(event);
            }}
          />
          <PlaceholderChips onInsert={insert} />
          <Switch
            label="Показать команде"
            description="Коллеги по команде увидят шаблон и смогут им пользоваться; менять его сможете только вы"
            {...form.getInputProps('shared', { type: 'checkbox' })}
          />
          <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)" aria-live="polite">
            <Text size="xs" c="dimmed" mb={6}>
              Так прочтёт кандидат (пример: кандидат Анна, интервью 12 марта)
            </Text>
            <Text fw={600} size="sm" mb={6} style={{ overflowWrap: 'anywhere' }}>
              {preview.subject || 'Тема письма'}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {preview.body || 'Текст письма'}
            </Text>
          </Paper>
          <Group justify="flex-end">
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
