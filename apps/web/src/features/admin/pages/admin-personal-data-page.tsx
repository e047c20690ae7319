import { ADMIN_SEARCH_MAX } from '@hr/contract';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PdCandidates } from '../components/pd-candidates.tsx';
import { PdMembers } from '../components/pd-members.tsx';
import { toSearch } from '../lib/url-params.ts';

type Kind = 'member' | 'candidate';

/** `/admin/personal-data`: requests under 152-FZ — a member's export or deletion, a candidate's deletion. */
export function AdminPersonalDataPage() {
  const [params, setParams] = useSearchParams();
  const kind: Kind = params.get('kind') === 'candidate' ? 'candidate' : 'member';
  const q = (params.get('q') ?? '').trim();
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(toSearch({ kind: kind === 'member' ? undefined : kind, q: draft.trim() }));
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Запросы субъектов персональных данных (152-ФЗ): выгрузка всего, что клуб хранит об участнике, и удаление по запросу. Каждое действие
        попадает в журнал без самих персональных данных.
      </Text>
      <SegmentedControl
        value={kind}
        onChange={(value) => setParams(toSearch({ kind: value === 'member' ? undefined : value, q }))}
        data={[
          { value: 'member', label: 'Участник клуба' },
          { value: 'candidate', label: 'Кандидат' },
        ]}
        aria-label="Чьи данные"
        w="fit-content"
      />
      <form onSubmit={submit} aria-label={kind === 'member' ? 'Поиск участника' : 'Поиск кандидата'}>
        <Group gap="sm" align="flex-end">
          <TextInput
            label={kind === 'member' ? 'E-mail, телефон, имя или ID участника' : 'E-mail, телефон, имя или код резюме'}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            maxLength={ADMIN_SEARCH_MAX}
            style={{ flex: '1 1 260px' }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            Найти
          </Button>
        </Group>
      </form>
      {kind === 'member' ? <PdMembers q={q} /> : <PdCandidates q={q} />}
    </Stack>
  );
}
