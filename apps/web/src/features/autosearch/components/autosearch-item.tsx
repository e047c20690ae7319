import { AUTOSEARCH_FREQUENCY_LABEL, AUTOSEARCH_NAME_MAX } from '@hr/contract/autosearch';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconShare, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { joinErrors } from '@/shared/api/api-error.ts';
import { handleFormError } from '@/shared/api/error-handlers.ts';
import { type SavedSearch, useUpdateAutosearch } from '../api/autosearch-api.ts';
import { channelsText, lowerFirst, newCountShort, newCountText } from '../lib/autosearch-format.ts';

type AutosearchItemProps = {
  search: SavedSearch;
  /** The conditions in words (describeQuery). */
  conditions: string[];
  telegramEnabled: boolean;
  onShare: () => void;
  onDelete: () => void;
  deleting: boolean;
};

/** One saved search in the list: its name, conditions, new resumes, digest, and what can be done with it. */
export function AutosearchItem({ search, conditions, telegramEnabled, onShare, onDelete, deleting }: AutosearchItemProps) {
  const [editing, setEditing] = useState(false);
  const hasNew = search.new_count > 0 || search.new_count_capped;
  const to = channelsText(search.frequency, search.channels, telegramEnabled);
  const titleId = `autosearch-${search.id}`;

  return (
    <Paper component="article" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-labelledby={titleId} data-autosearch={search.id}>
      <Stack gap="sm">
        {editing ? (
          <RenameForm search={search} onDone={() => setEditing(false)} />
        ) : (
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Title order={2} fz={{ base: 17, sm: 19 }} id={titleId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              <Link to={`/autosearch/${search.id}`} className="autosearch-item__link">
                {search.name}
              </Link>
            </Title>
            <Badge
              size="lg"
              radius="sm"
              variant={hasNew ? 'filled' : 'light'}
              color={hasNew ? 'teal' : 'gray'}
              tt="none"
              style={{ flexShrink: 0 }}
              className="autosearch-item__count"
              title={newCountText(search.new_count, search.new_count_capped)}
            >
              {newCountShort(search.new_count, search.new_count_capped)}
            </Badge>
          </Group>
        )}

        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {conditions.length ? conditions.join(' · ') : 'Все резюме, без условий'}
        </Text>

        {search.shared_by ? (
          <Text size="sm">
            Прислал(а) <b>{search.shared_by.fio}</b>
          </Text>
        ) : null}

        {search.problem ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="sm">
            {search.problem}
          </Alert>
        ) : null}

        <Text size="sm">
          <Text span c="dimmed">
            Рассылка:{' '}
          </Text>
          {search.frequency === 'off' ? 'не присылать' : lowerFirst(AUTOSEARCH_FREQUENCY_LABEL[search.frequency])}
          {to ? `, ${to}` : search.frequency === 'off' ? '' : ', канал не выбран'}
        </Text>

        <Group justify="space-between" gap="xs">
          <Button component={Link} to={`/autosearch/${search.id}`} size="sm" aria-label={`Открыть автопоиск «${search.name}»`}>
            Открыть
          </Button>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => setEditing(true)}
              aria-label={`Переименовать автопоиск «${search.name}»`}
              title="Переименовать"
            >
              <IconPencil size={18} stroke={1.7} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onShare}
              aria-label={`Поделиться автопоиском «${search.name}»`}
              title="Поделиться с командой"
            >
              <IconShare size={18} stroke={1.7} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={onDelete}
              loading={deleting}
              aria-label={`Удалить автопоиск «${search.name}»`}
              title="Удалить"
            >
              <IconTrash size={18} stroke={1.7} />
            </ActionIcon>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The name in place, Enter saves, Esc leaves it as it was; a 422 shows under the field. */
function RenameForm({ search, onDone }: { search: SavedSearch; onDone: () => void }) {
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateAutosearch();

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { id: search.id, name: name.trim() },
          {
            onSuccess: onDone,
            onError: (failure) => setError(joinErrors(handleFormError(failure).name)),
          },
        );
      }}
    >
      <TextInput
        label="Название автопоиска"
        value={name}
        maxLength={AUTOSEARCH_NAME_MAX}
        error={error}
        autoFocus
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
          }
        }}
      />
      <Group justify="flex-end" gap="xs" mt={6}>
        <Button variant="subtle" size="compact-sm" onClick={onDone}>
          Отмена
        </Button>
        <Button type="submit" size="compact-sm" loading={update.isPending}>
          Сохранить
        </Button>
      </Group>
    </form>
  );
}
