import { AUDIT_ACTION_TITLES, AUDIT_ACTIONS, AUDIT_OBJECT_TITLES, AUDIT_OBJECT_TYPES } from '@hr/contract';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconFilter } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';

export type AuditFilterValues = { actor_id: string; action?: string; object_type?: string; object_id: string; from: string; to: string };

const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_TITLES[value] }));
const OBJECT_OPTIONS = AUDIT_OBJECT_TYPES.map((value) => ({ value, label: AUDIT_OBJECT_TITLES[value] }));

type AuditFiltersProps = {
  values: AuditFilterValues;
  errors: Record<string, string | undefined>;
  onChange: (next: AuditFilterValues) => void;
};

/** Filters of the audit log: typed ones apply with «Показать», lists at once. */
export function AuditFilters({ values, errors, onChange }: AuditFiltersProps) {
  const [draft, setDraft] = useState(values);
  useEffect(() => setDraft(values), [values]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft);
  };

  return (
    <form onSubmit={submit} aria-label="Фильтры журнала">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <TextInput
          label="ID пользователя (кто)"
          inputMode="numeric"
          value={draft.actor_id}
          onChange={(event) => setDraft({ ...draft, actor_id: event.currentTarget.value.replace(/\D/g, '') })}
          error={errors.actor_id}
        />
        <Select
          label="Действие"
          placeholder="Любое"
          data={ACTION_OPTIONS}
          value={values.action ?? null}
          onChange={(value) => onChange({ ...draft, action: value ?? undefined })}
          clearable
          searchable
        />
        <Select
          label="Объект"
          placeholder="Любой"
          data={OBJECT_OPTIONS}
          value={values.object_type ?? null}
          onChange={(value) => onChange({ ...draft, object_type: value ?? undefined })}
          clearable
        />
        <TextInput
          label="ID объекта"
          value={draft.object_id}
          onChange={(event) => setDraft({ ...draft, object_id: event.currentTarget.value })}
          maxLength={64}
          error={errors.object_id}
        />
        {/* Mantine's picker, not <input type="date">: the native one speaks the browser's language («mm/dd/yyyy»). */}
        <DatePickerInput
          label="С даты"
          placeholder="дд.мм.гггг"
          valueFormat="DD.MM.YYYY"
          clearable
          clearButtonProps={{ 'aria-label': 'Очистить дату «с»' }}
          value={draft.from || null}
          onChange={(value) => setDraft({ ...draft, from: value ?? '' })}
          error={errors.from}
        />
        <DatePickerInput
          label="По дату"
          placeholder="дд.мм.гггг"
          valueFormat="DD.MM.YYYY"
          clearable
          clearButtonProps={{ 'aria-label': 'Очистить дату «по»' }}
          value={draft.to || null}
          onChange={(value) => setDraft({ ...draft, to: value ?? '' })}
          error={errors.to}
        />
      </SimpleGrid>
      <Group mt="sm" gap="sm">
        <Button type="submit" leftSection={<IconFilter size={16} />}>
          Показать
        </Button>
        <Button variant="default" onClick={() => onChange({ actor_id: '', object_id: '', from: '', to: '' })}>
          Сбросить
        </Button>
      </Group>
    </form>
  );
}
