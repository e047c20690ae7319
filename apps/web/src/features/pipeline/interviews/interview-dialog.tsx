import '@mantine/dates/styles.css';
import { type Interview, INTERVIEW_MSG, type InterviewPerson } from '@hr/contract';
import { Alert, Button, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput, TimePicker } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useRef, useState } from 'react';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleFormError } from '@/shared/api/error-handlers.ts';
import { focusFirstInvalid } from '@/shared/lib/focus-invalid.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { useInterviewActions } from './interviews-api.ts';
import { DURATIONS, moscowIso, moscowParts } from './interview-time.ts';

type Props = {
  opened: boolean;
  onClose: () => void;
  vacancyId: number;
  replyId: number;
  team: InterviewPerson[];
  viewerId: number | undefined;
  /** An interview to move or change; none: a new one. */
  interview?: Interview | null;
};

const personName = (p: InterviewPerson) => `${p.name} ${p.family}`.trim() || 'Участник';

/** Tomorrow at 11:00 Moscow time: the usual first suggestion. */
function suggestion() {
  const { date } = moscowParts(new Date(Date.now() + 24 * 3_600_000));
  return { date, time: '11:00' };
}

type Errors = Partial<Record<'date' | 'time' | 'minutes' | 'place' | 'link' | 'participant_ids' | 'form', string>>;

/** «Назначить интервью» / «Перенести интервью»: date and time in Moscow time, duration, place or link, participants from the team. */
export function InterviewDialog({ opened, onClose, vacancyId, replyId, team, viewerId, interview }: Props) {
  const { schedule, change } = useInterviewActions(vacancyId, replyId);
  const start = interview ? moscowParts(interview.starts_at) : suggestion();
  const [date, setDate] = useState<string | null>(start.date);
  const [time, setTime] = useState(start.time);
  const [minutes, setMinutes] = useState(String(interview?.minutes ?? 60));
  const [place, setPlace] = useState(interview?.place ?? '');
  const [link, setLink] = useState(interview?.link ?? '');
  const [participants, setParticipants] = useState<string[]>(
    interview ? interview.participants.map((p) => String(p.id)) : viewerId ? [String(viewerId)] : [],
  );
  const [errors, setErrors] = useState<Errors>({});
  const form = useRef<HTMLFormElement>(null);
  const saving = schedule.isPending || change.isPending;
  const today = moscowParts(new Date()).date;
  const durations = DURATIONS.some((d) => d.value === minutes) ? DURATIONS : [...DURATIONS, { value: minutes, label: `${minutes} мин` }];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Errors = {};
    if (!date) local.date = 'Выберите дату';
    if (!/^\d{2}:\d{2}/.test(time)) local.time = 'Укажите время';
    if (!place.trim() && !link.trim()) local.place = INTERVIEW_MSG.placeOrLink;
    if (Object.keys(local).length) {
      setErrors(local);
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    const body = {
      starts_at: moscowIso(date as string, time.slice(0, 5)),
      minutes: Number(minutes),
      place: place.trim() || null,
      link: link.trim() || null,
      participant_ids: participants.map(Number),
    };
    try {
      const answer = interview ? await change.mutateAsync({ id: interview.id, body }) : await schedule.mutateAsync(body);
      notifications.show({
        color: answer.res.candidate_notified ? 'teal' : 'orange',
        message: answer.message ?? (interview ? INTERVIEW_MSG.rescheduled : INTERVIEW_MSG.scheduled),
        autoClose: answer.res.candidate_notified ? 4000 : 8000,
      });
      onClose();
    } catch (error) {
      const fields = handleFormError(error);
      const first = (k: string) => fields[k]?.[0];
      const next: Errors = {
        date: first('starts_at'),
        minutes: first('minutes'),
        place: first('place'),
        link: first('link'),
        participant_ids: first('participant_ids'),
      };
      if (isApiError(error) && error.status === 422 && !Object.values(next).some(Boolean)) next.form = error.message;
      setErrors(next);
      requestAnimationFrame(() => focusFirstInvalid(form.current));
    }
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={interview ? 'Перенести интервью' : 'Назначить интервью'} size={560}>
      <form ref={form} onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Время — московское. Кандидат и участники получат письмо с приглашением для календаря.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DatePickerInput
              label="Дата"
              required
              value={date}
              onChange={(v) => {
                setDate(v);
                setErrors((e) => ({ ...e, date: undefined }));
              }}
              minDate={today}
              valueFormat="D MMMM YYYY"
              error={errors.date}
              popoverProps={{ withinPortal: true }}
              nextLabel="Следующий месяц"
              previousLabel="Предыдущий месяц"
            />
            <TimePicker
              label="Время (мск)"
              required
              withAsterisk
              format="24h"
              value={time}
              onChange={(v) => {
                setTime(v);
                setErrors((er) => ({ ...er, time: undefined }));
              }}
              hoursInputLabel="Часы"
              minutesInputLabel="Минуты"
              hoursPlaceholder="чч"
              minutesPlaceholder="мм"
              error={errors.time}
            />
          </SimpleGrid>
          <Select
            label="Длительность"
            data={durations}
            value={minutes}
            onChange={(v) => v && setMinutes(v)}
            allowDeselect={false}
            error={errors.minutes}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Место"
            placeholder="Адрес офиса или переговорная"
            value={place}
            onChange={(e) => {
              setPlace(e.currentTarget.value);
              setErrors((er) => ({ ...er, place: undefined }));
            }}
            error={errors.place}
            maxLength={300}
          />
          <TextInput
            label="Ссылка на встречу"
            placeholder="https://…"
            type="url"
            inputMode="url"
            value={link}
            onChange={(e) => {
              setLink(e.currentTarget.value);
              setErrors((er) => ({ ...er, link: undefined, place: undefined }));
            }}
            error={errors.link}
            description="Укажите место, ссылку или и то и другое"
          />
          <MultiSelect
            label="Участники"
            description="Из вашей команды; каждый получит приглашение и напоминание"
            data={team.map((p) => ({ value: String(p.id), label: personName(p) }))}
            value={participants}
            onChange={setParticipants}
            searchable
            nothingFoundMessage="Никого не нашлось"
            placeholder={participants.length ? undefined : 'Вы будете участником'}
            error={errors.participant_ids}
            comboboxProps={{ withinPortal: true }}
            hidePickedOptions
          />
          {errors.form ? (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Отмена
            </Button>
            <Button type="submit" loading={saving}>
              {interview ? 'Перенести и отправить' : 'Назначить и отправить'}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
