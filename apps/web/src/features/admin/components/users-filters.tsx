import { ACCOUNT_TYPES, ADMIN_SEARCH_MAX, RESIDENCY_STATUS_TITLES, RESIDENCY_STATUSES } from '@hr/contract';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';

export type UsersFilterValues = { q: string; account_type?: string; residency?: string; blocked?: string };

const TYPE_OPTIONS = Object.entries(ACCOUNT_TYPES).map(([value, label]) => ({ value, label }));
const RESIDENCY_OPTIONS = RESIDENCY_STATUSES.map((value) => ({ value, label: RESIDENCY_STATUS_TITLES[value] }));
const BLOCKED_OPTIONS = [
  { value: '0', label: 'Активные' },
  { value: '1', label: 'Заблокированные' },
];

type UsersFiltersProps = { values: UsersFilterValues; onChange: (next: UsersFilterValues) => void };

/** Search (submitted with Enter or the button) and the filters (applied at once); all kept in the URL. */
export function UsersFilters({ values, onChange }: UsersFiltersProps) {
  const [q, setQ] = useState(values.q);
  useEffect(() => setQ(values.q), [values.q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...values, q: q.trim() });
  };

  return (
    <form onSubmit={submit} aria-label="Поиск пользователей">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Поиск"
          placeholder="Имя, e-mail, телефон, компания или ID"
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
          maxLength={ADMIN_SEARCH_MAX}
          style={{ flex: '1 1 260px' }}
          leftSection={<IconSearch size={16} aria-hidden />}
        />
        <Select
          label="Тип"
          placeholder="Любой"
          data={TYPE_OPTIONS}
          value={values.account_type ?? null}
          onChange={(value) => onChange({ ...values, account_type: value ?? undefined })}
          clearable
          w={{ base: '100%', xs: 170 }}
        />
        <Select
          label="Резидентство"
          placeholder="Любое"
          data={RESIDENCY_OPTIONS}
          value={values.residency ?? null}
          onChange={(value) => onChange({ ...values, residency: value ?? undefined })}
          clearable
          w={{ base: '100%', xs: 170 }}
        />
        <Select
          label="Состояние"
          placeholder="Все"
          data={BLOCKED_OPTIONS}
          value={values.blocked ?? null}
          onChange={(value) => onChange({ ...values, blocked: value ?? undefined })}
          clearable
          w={{ base: '100%', xs: 170 }}
        />
        <Button type="submit" leftSection={<IconSearch size={16} />}>
          Найти
        </Button>
      </Group>
    </form>
  );
}
