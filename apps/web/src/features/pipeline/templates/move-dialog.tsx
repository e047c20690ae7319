import { MESSAGE_STATE_TITLES, type MessageState, PIPELINE_MSG, type Stage, TEMPLATE_KIND_TITLES, TEMPLATE_MSG } from '@hr/contract';
import { Alert, Anchor, Button, Checkbox, Group, Loader, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { isApiError } from '@/shared/api/api-error.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { PlaceholderChips } from './placeholder-chips.tsx';
import { insertPlaceholder, letterKindFor, templateFor } from './template-text.ts';
import { useAddReason, useReasons, useTemplatePreview, useTemplates } from './templates-api.ts';

/** What a move asks for: the stage, a reason for a rejection, and the letter to the candidate if any. */
export type MoveValues = {
  stage_id: number;
  reason_id: number | null;
  template_id: number | null;
  subject: string | null;
  message: string | null;
};

export type MoveDialogProps = {
  opened: boolean;
  onClose: () => void;
  vacancyId: number;
  stages: Stage[];
  /** The stage chosen beforehand (a drop on a column, a menu item). */
  initialStageId?: number;
  /** One reply (its letter is previewed for it); absent for a bulk action. */
  replyId?: number;
  /** How many replies move (the title says it). */
  count: number;
  busy?: boolean;
  /**
   * Makes the move. What it resolves to may be the API's answer: a reply with `message_state` (or
   * `{res: …}` around it), whose letter the dialog then reports when it could not go.
   */
  onSubmit: (values: MoveValues) => Promise<unknown> | unknown;
};

type Errors = Partial<Record<'stage' | 'reason' | 'newReason' | 'subject' | 'message', string>>;
type LetterState = { state: MessageState; state_title?: string; error: string | null };

/** The letter's delivery in a move's answer, when there is one. */
function letterStateOf(answer: unknown): LetterState | null {
  const found =
    (answer as { res?: { message_state?: unknown } } | null)?.res?.message_state ??
    (answer as { message_state?: unknown } | null)?.message_state;
  return found && typeof found === 'object' && 'state' in found ? (found as LetterState) : null;
}

/** After a move: a letter that could not go is said at once (no consent, no address, a refusal). */
export function notifyLetterState(state: LetterState | null): void {
  if (!state || (state.state !== 'not_sent' && state.state !== 'failed')) return;
  notifications.show({
    color: 'orange',
    icon: <IconAlertTriangle size={18} />,
    title: `Письмо ${state.state_title ?? MESSAGE_STATE_TITLES[state.state]}`,
    message: state.error ?? 'Кандидату нельзя написать',
    autoClose: 12_000,
    withBorder: true,
  });
}

/**
 * The move of one or many replies: stage, then for «Отказ» a reason (required; the team may add
 * one here), and an optional letter from a template that the member reads and edits before it
 * goes. For one reply the letter is filled for it; for many the template keeps its placeholders
 * and each candidate gets their own values.
 */
export function MoveDialog({ opened, onClose, vacancyId, stages, initialStageId, replyId, count, busy, onSubmit }: MoveDialogProps) {
  const [stageId, setStageId] = useState<string | null>(initialStageId ? String(initialStageId) : null);
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [newReason, setNewReason] = useState<string | null>(null);
  const [letter, setLetter] = useState(false);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [templateChosen, setTemplateChosen] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  // Each opening starts afresh from the stage chosen beforehand.
  useEffect(() => {
    if (!opened) return;
    setStageId(initialStageId ? String(initialStageId) : null);
    setReasonId(null);
    setNewReason(null);
    setLetter(false);
    setTemplateId(null);
    setTemplateChosen(false);
    setSubject('');
    setBody('');
    setErrors({});
  }, [opened, initialStageId]);

  const stage = stages.find((s) => String(s.id) === stageId);
  const rejecting = stage?.kind === 'rejected';
  const reasons = useReasons({ enabled: opened && rejecting });
  const addReason = useAddReason();
  const templates = useTemplates({ enabled: opened && letter });
  const preview = useTemplatePreview(letter && templateId ? Number(templateId) : null, vacancyId, replyId);
  const bulk = replyId == null;

  // The template that fits the stage, until the member picks one.
  useEffect(() => {
    if (!letter || templateChosen || !templates.data?.length) return;
    const fit = templateFor(templates.data, letterKindFor(stage));
    if (fit) setTemplateId(String(fit.id));
  }, [letter, templateChosen, templates.data, stage]);

  // A new preview (another template) replaces the text; the member edits it from there.
  useEffect(() => {
    if (!preview.data) return;
    setSubject(preview.data.subject);
    setBody(preview.data.body);
  }, [preview.data]);

  const insert = (key: string) => {
    const el = bodyRef.current;
    const next = insertPlaceholder(body, el?.selectionStart ?? body.length, el?.selectionEnd ?? body.length, key);
    // Written now, the caret after the placeholder in the same click (template-editor.tsx says why).
    flushSync(() => {
      setBody(next.text);
      setTemplateChosen(true);
    });
    el?.focus();
    el?.setSelectionRange(next.caret, next.caret);
  };

  const saveReason = async () => {
    const title = (newReason ?? '').trim();
    if (!title) {
      setErrors((e) => ({ ...e, newReason: PIPELINE_MSG.reasonTitleRequired }));
      return;
    }
    try {
      const added = await addReason.mutateAsync(title);
      setReasonId(String(added.id));
      setNewReason(null);
      setErrors((e) => ({ ...e, newReason: undefined, reason: undefined }));
    } catch (error) {
      const message = isApiError(error) ? (Object.values(error.fieldErrors).flat()[0] ?? error.payload.message) : null;
      setErrors((e) => ({ ...e, newReason: message || 'Не удалось добавить причину — попробуйте ещё раз' }));
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const found: Errors = {};
    if (!stage) found.stage = PIPELINE_MSG.moveTarget;
    if (rejecting && !reasonId) found.reason = PIPELINE_MSG.reasonRequired;
    if (letter && !subject.trim()) found.subject = TEMPLATE_MSG.subjectRequired;
    if (letter && !body.trim()) found.message = TEMPLATE_MSG.bodyRequired;
    setErrors(found);
    if (Object.keys(found).length || !stage) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.move-dialog [aria-invalid="true"]')?.focus());
      return;
    }
    try {
      const answer = await onSubmit({
        stage_id: stage.id,
        reason_id: rejecting && reasonId ? Number(reasonId) : null,
        template_id: letter && templateId ? Number(templateId) : null,
        subject: letter ? subject.trim() : null,
        message: letter ? body : null,
      });
      notifyLetterState(letterStateOf(answer));
    } catch (error) {
      // The caller says why a move failed; the server's words about a field go under it here too.
      if (!isApiError(error)) return;
      const first = (field: string) => error.fieldErrors[field]?.[0];
      setErrors({
        stage: first('stage_id'),
        reason: first('reason_id'),
        subject: first('subject'),
        message: first('message') ?? first('template_id'),
      });
    }
  };

  // Grouped as on the templates page; the kind said when the name does not say it.
  const optionOf = (t: NonNullable<typeof templates.data>[number]) => ({
    value: String(t.id),
    label: t.name === TEMPLATE_KIND_TITLES[t.kind] ? t.name : `${t.name} · ${TEMPLATE_KIND_TITLES[t.kind]}`,
  });
  const all = templates.data ?? [];
  const templateOptions = [
    { group: 'Мои', items: all.filter((t) => t.own).map(optionOf) },
    { group: 'Команды', items: all.filter((t) => t.owner && !t.own).map(optionOf) },
    { group: 'Шаблоны клуба', items: all.filter((t) => !t.owner).map(optionOf) },
  ].filter((g) => g.items.length > 0);

  return (
    <AppModal opened={opened} onClose={onClose} title={count > 1 ? `Перенести отклики: ${count}` : 'Перенести отклик'} size={600}>
      <form onSubmit={submit} noValidate className="move-dialog">
        <Stack gap="md">
          <Select
            label="Этап"
            data-autofocus
            required
            allowDeselect={false}
            data={stages.map((s) => ({ value: String(s.id), label: s.title }))}
            value={stageId}
            onChange={(v) => {
              setStageId(v);
              setErrors((e) => ({ ...e, stage: undefined }));
            }}
            error={errors.stage}
          />
          {rejecting ? (
            <Stack gap={6}>
              <Select
                label="Причина отказа"
                required
                placeholder={reasons.isPending ? 'Загружаем причины…' : 'Выберите причину'}
                data={(reasons.data ?? []).map((r) => ({ value: String(r.id), label: r.title }))}
                value={reasonId}
                onChange={(v) => {
                  setReasonId(v);
                  setErrors((e) => ({ ...e, reason: undefined }));
                }}
                error={errors.reason ?? (reasons.isError ? 'Не удалось загрузить причины — закройте окно и попробуйте ещё раз' : undefined)}
              />
              {newReason === null ? (
                <Anchor component="button" type="button" size="sm" onClick={() => setNewReason('')} style={{ alignSelf: 'flex-start' }}>
                  Добавить причину
                </Anchor>
              ) : (
                <Group align="flex-start" gap="xs" wrap="nowrap">
                  <TextInput
                    label="Новая причина"
                    style={{ flex: 1 }}
                    value={newReason}
                    maxLength={200}
                    onChange={(e) => setNewReason(e.currentTarget.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        void saveReason();
                      }
                    }}
                    error={errors.newReason}
                  />
                  <Button mt={25} variant="light" loading={addReason.isPending} onClick={() => void saveReason()}>
                    Добавить
                  </Button>
                  <Button mt={25} variant="subtle" color="gray" onClick={() => setNewReason(null)}>
                    Отмена
                  </Button>
                </Group>
              )}
            </Stack>
          ) : null}
          <Checkbox label="Написать кандидату" checked={letter} onChange={(e) => setLetter(e.currentTarget.checked)} />
          {letter ? (
            <Stack gap="sm">
              <Select
                label="Шаблон"
                allowDeselect={false}
                placeholder={templates.isPending ? 'Загружаем шаблоны…' : 'Выберите шаблон'}
                data={templateOptions}
                value={templateId}
                onChange={(v) => {
                  setTemplateId(v);
                  setTemplateChosen(true);
                }}
                error={templates.isError ? 'Не удалось загрузить шаблоны' : undefined}
              />
              {bulk ? (
                <Text size="sm" c="dimmed">
                  {count > 1 ? `Письмо получит каждый из выбранных кандидатов (${count})` : 'Письмо получит кандидат'} — со своими
                  значениями: вместо меток вроде {'{{first_name}}'} подставятся имя, вакансия и остальное. Кому нельзя написать, письмо не
                  уйдёт.
                </Text>
              ) : null}
              {preview.isFetching && !preview.data ? (
                <Group gap="xs" role="status">
                  <Loader size="xs" />
                  <Text size="sm">Готовим письмо…</Text>
                </Group>
              ) : null}
              {preview.isError ? (
                <Alert color="red" variant="light">
                  Не удалось подготовить письмо по шаблону. Выберите другой шаблон или напишите текст сами.
                </Alert>
              ) : null}
              <TextInput
                label="Тема письма"
                required
                maxLength={200}
                value={subject}
                onChange={(e) => {
                  setSubject(e.currentTarget.value);
                  // Edited text is the member's: another stage no longer swaps the template under it.
                  setTemplateChosen(true);
                  setErrors((x) => ({ ...x, subject: undefined }));
                }}
                error={errors.subject}
              />
              <Textarea
                ref={bodyRef}
                label="Текст письма"
                description={
                  bulk
                    ? 'Метки в двойных скобках оставьте как есть — их заменят значения каждого кандидата'
                    : 'Проверьте и поправьте текст — кандидат получит его таким'
                }
                required
                autosize
                minRows={6}
                maxRows={14}
                maxLength={5000}
                value={body}
                onChange={(e) => {
                  setBody(e.currentTarget.value);
                  setTemplateChosen(true);
                  setErrors((x) => ({ ...x, message: undefined }));
                }}
                error={errors.message}
              />
              {bulk ? <PlaceholderChips onInsert={insert} /> : null}
              <Anchor component={Link} to="/vacancy/templates" size="sm" style={{ alignSelf: 'flex-start' }}>
                Шаблоны писем
              </Anchor>
            </Stack>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button type="submit" loading={busy}>
              {letter ? 'Перенести и отправить' : 'Перенести'}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
