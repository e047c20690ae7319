import { MERGE_FIELD_TITLES, type MergeField, type MergePreview, type MergeSide } from '@hr/contract';
import { Alert, Button, Group, List, Paper, Radio, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@/shared/api/api-error.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { useMergePreview, useMergeResumes } from './duplicates-api.ts';
import { mergeSummary, moscowDay } from './duplicates-text.ts';

type Props = { keep: string; merge: string | null; onClose: () => void };

const shown = (v: string | null | undefined) => (v?.trim() ? v : '—');

function SideHead({ side, label }: { side: MergeSide; label: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{shown(side.values.fio)}</Text>
      <Text size="sm" c="dimmed">
        Отклик на «{side.vacancy_title}», {moscowDay(side.created_at)}
      </Text>
    </div>
  );
}

/** One field that differs: «оставить» or «взять из дубля», the two values side by side (stacked on a phone). */
function FieldChoice({ field, p, take, onChange }: { field: MergeField; p: MergePreview; take: boolean; onChange: (take: boolean) => void }) {
  const option = (value: 'keep' | 'take', label: string, text: string | null) => (
    <Paper withBorder radius="md" p="sm" className="merge-option" data-checked={(value === 'take') === take || undefined}>
      <Radio
        value={value}
        label={label}
        description={
          <Text component="span" display="block" size="sm" c="var(--mantine-color-text)" lineClamp={field === 'about' || field === 'cover_letter' ? 4 : undefined} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {shown(text)}
          </Text>
        }
      />
    </Paper>
  );
  return (
    <Radio.Group label={MERGE_FIELD_TITLES[field]} value={take ? 'take' : 'keep'} onChange={(v) => onChange(v === 'take')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt={6}>
        {option('keep', 'Оставить', p.keep.values[field])}
        {option('take', 'Взять из дубля', p.merge.values[field])}
      </SimpleGrid>
    </Radio.Group>
  );
}

function MergeForm({ p, onClose }: { p: MergePreview; onClose: () => void }) {
  const differing = p.fields.filter((f) => (p.keep.values[f] ?? '') !== (p.merge.values[f] ?? ''));
  const [taken, setTaken] = useState<MergeField[]>([]);
  const merge = useMergeResumes();
  const navigate = useNavigate();
  const error = merge.error && isApiError(merge.error) ? (Object.values(merge.error.fieldErrors).flat()[0] ?? merge.error.message) : merge.error ? 'Не удалось объединить: проверьте соединение и попробуйте ещё раз' : null;
  const confirm = () =>
    merge.mutate(
      { keep: p.keep.hash, merge: p.merge.hash, fields: taken },
      {
        onSuccess: () => {
          onClose();
          notifications.show({ message: 'Резюме объединены: история обоих откликов сохранена', color: 'teal' });
          navigate(`/vacancy/${p.keep.vacancy_id}/reply/${p.keep.reply_id}`);
        },
      },
    );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <SideHead side={p.keep} label="Этот отклик" />
        <SideHead side={p.merge} label="Дубль" />
      </SimpleGrid>
      {differing.length ? (
        differing.map((f) => (
          <FieldChoice key={f} field={f} p={p} take={taken.includes(f)} onChange={(take) => setTaken((t) => (take ? [...t.filter((x) => x !== f), f] : t.filter((x) => x !== f)))} />
        ))
      ) : (
        <Text size="sm">Все поля совпадают — выбирать нечего.</Text>
      )}
      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
        <Title order={3} size="h5" mb={6}>
          Что произойдёт
        </Title>
        <List size="sm" spacing={4} aria-live="polite">
          {mergeSummary({ moved: p.replies_moved, joined: p.replies_joined, taken: taken.filter((f) => differing.includes(f)), vacancy: p.keep.vacancy_title }).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Paper>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Отмена
        </Button>
        <Button onClick={confirm} loading={merge.isPending}>
          Объединить
        </Button>
      </Group>
    </Stack>
  );
}

/** «Объединить…»: the two resumes compared field by field, a summary, then the merge. */
export function MergeDialog({ keep, merge, onClose }: Props) {
  const preview = useMergePreview(keep, merge);
  const failed = preview.error && isApiError(preview.error) ? (Object.values(preview.error.fieldErrors).flat()[0] ?? preview.error.message) : 'Не удалось загрузить резюме для сравнения';
  return (
    <AppModal opened={!!merge} onClose={onClose} title="Объединить с дублем" size="xl">
      {preview.data ? (
        <MergeForm key={`${keep}-${merge}`} p={preview.data} onClose={onClose} />
      ) : preview.isError ? (
        <Alert color="red" role="alert">
          {failed}
        </Alert>
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="Загрузка сравнения">
          <Skeleton height={48} />
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      )}
    </AppModal>
  );
}
