import { STAGE_KIND_TITLES, STAGE_TITLE_MAX, STAGES_MAX, type StageWithCount } from '@hr/contract';
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconCheck, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleFormError } from '@/shared/api/error-handlers.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { useSaveStages } from '@/features/vacancy/api/save-stages.ts';
import { type StageErrors, type StageRow, checkRows, moveRow, newRow, rowsOf, serverErrors, whyNotDeletable } from './stage-rows.ts';
import './stage-editor.css';

type RowProps = {
  row: StageRow;
  index: number;
  total: number;
  error?: string;
  onTitle: (title: string) => void;
  onMove: (delta: number) => void;
  onDelete: () => void;
};

function StageRowItem({ row, index, total, error, onTitle, onMove, onDelete }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: row.key,
    attributes: { roleDescription: 'перетаскиваемый этап' },
  });
  const blocked = whyNotDeletable(row);
  const noteId = `stage-note-${row.key}`;
  const name = row.title.trim() || `этап ${index + 1}`;
  return (
    <li
      ref={setNodeRef}
      className="stage-row"
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <Group gap={6} align="flex-start" wrap="nowrap">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="stage-row__handle"
          aria-label={`Перетащить: ${name}`}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={16} aria-hidden />
        </button>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <TextInput
            aria-label={`Название этапа ${index + 1}`}
            value={row.title}
            maxLength={STAGE_TITLE_MAX + 20}
            onChange={(event) => onTitle(event.currentTarget.value)}
            error={error}
            aria-describedby={noteId}
            size="sm"
          />
          <Text size="xs" c="#5c6673" id={noteId}>
            {STAGE_KIND_TITLES[row.kind]}
            {blocked && row.kind === 'active' ? ` · ${blocked}` : row.count > 0 ? ` · откликов: ${row.count}` : ''}
          </Text>
        </Stack>
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" color="gray" aria-label={`Вверх: ${name}`} disabled={index === 0} onClick={() => onMove(-1)}>
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" aria-label={`Вниз: ${name}`} disabled={index === total - 1} onClick={() => onMove(1)}>
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Удалить: ${name}`}
            disabled={blocked !== null}
            title={blocked ?? undefined}
            aria-describedby={noteId}
            onClick={onDelete}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </li>
  );
}

type StageEditorProps = { vacancyId: number; stages: StageWithCount[]; opened: boolean; onClose: () => void };

/**
 * The vacancy's stages: rename in place, add, delete an empty one, reorder by drag or by «вверх/вниз».
 * «Новые», «Выход на работу» and «Отказ» keep their kind; «Сохранить» sends the whole list.
 */
export function StageEditor({ vacancyId, stages, opened, onClose }: StageEditorProps) {
  const [rows, setRows] = useState<StageRow[]>(() => rowsOf(stages));
  const [errors, setErrors] = useState<StageErrors>({ rows: {} });
  const [said, setSaid] = useState('');
  const save = useSaveStages(vacancyId);

  useEffect(() => {
    if (opened) {
      setRows(rowsOf(stages));
      setErrors({ rows: {} });
    }
  }, [opened, stages]);

  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const change = (next: StageRow[]) => {
    setRows(next);
    if (errors.general || Object.keys(errors.rows).length) setErrors(checkRows(next));
  };
  const moveBy = (index: number, delta: number) => {
    const next = moveRow(rows, index, delta);
    change(next);
    const row = rows[index];
    const to = next.findIndex((r) => r.key === row?.key);
    setSaid(`Этап «${row?.title ?? ''}» теперь ${to + 1}-й из ${next.length}`);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rows.findIndex((r) => r.key === active.id);
    const to = rows.findIndex((r) => r.key === over.id);
    if (from >= 0 && to >= 0) change(moveRow(rows, from, to - from));
  };

  const submit = () => {
    const checked = checkRows(rows);
    setErrors(checked);
    if (checked.general || Object.keys(checked.rows).length) return;
    save.mutate(
      { stages: rows.map((r) => (r.id ? { id: r.id, title: r.title.trim(), kind: r.kind } : { title: r.title.trim(), kind: r.kind })) },
      {
        onSuccess: (answer) => {
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            message: answer.message ?? 'Этапы сохранены',
            withBorder: true,
          });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 422) setErrors(serverErrors(error.fieldErrors, rows));
          else {
            const fields = handleFormError(error);
            if (Object.keys(fields).length) setErrors(serverErrors(fields, rows));
          }
        },
      },
    );
  };

  return (
    <AppModal opened={opened} onClose={onClose} title="Этапы вакансии" size={600}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="#33404f">
            Отклики проходят этапы по порядку. Переименуйте их, добавьте свои или поменяйте местами — перетаскиванием или стрелками.
          </Text>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              screenReaderInstructions: {
                draggable: 'Чтобы передвинуть этап, нажмите пробел, затем стрелки вверх и вниз; пробел — положить, Escape — отмена.',
              },
              announcements: {
                onDragStart: ({ active }) => `Этап ${rows.findIndex((r) => r.key === active.id) + 1} взят.`,
                onDragOver: ({ over }) => (over ? `Над местом ${rows.findIndex((r) => r.key === over.id) + 1}.` : 'Вне списка.'),
                onDragEnd: ({ over }) =>
                  over ? `Этап поставлен на место ${rows.findIndex((r) => r.key === over.id) + 1}.` : 'Этап остался на месте.',
                onDragCancel: () => 'Перенос отменён, этап остался на месте.',
              },
            }}
          >
            <SortableContext items={rows.map((r) => r.key)} strategy={verticalListSortingStrategy}>
              <ol className="stage-rows" aria-label="Этапы по порядку">
                {rows.map((row, index) => (
                  <StageRowItem
                    key={row.key}
                    row={row}
                    index={index}
                    total={rows.length}
                    error={errors.rows[row.key]}
                    onTitle={(title) => change(rows.map((r) => (r.key === row.key ? { ...r, title } : r)))}
                    onMove={(delta) => moveBy(index, delta)}
                    onDelete={() => {
                      change(rows.filter((r) => r.key !== row.key));
                      setSaid(`Этап «${row.title}» будет удалён после сохранения`);
                    }}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
          <VisuallyHidden role="status" aria-live="polite">
            {said}
          </VisuallyHidden>
          {errors.general ? (
            <Alert color="red" variant="light" role="alert" style={{ whiteSpace: 'pre-line' }}>
              {errors.general}
            </Alert>
          ) : null}
          <Group justify="space-between" gap="sm">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={rows.length >= STAGES_MAX}
              onClick={() => {
                // A new stage goes before «Выход на работу»: the stages of work come before the end.
                const hired = rows.findIndex((r) => r.kind === 'hired');
                const at = hired < 0 ? rows.length : hired;
                const next = [...rows.slice(0, at), newRow(), ...rows.slice(at)];
                change(next);
                setSaid('Добавлен новый этап — впишите название');
              }}
            >
              Добавить этап
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                Отмена
              </Button>
              <Button type="submit" loading={save.isPending}>
                Сохранить
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
