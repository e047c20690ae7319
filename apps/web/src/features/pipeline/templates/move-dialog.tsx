import type { Stage } from '@hr/contract';
import { Button, Group, Select, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { AppModal } from '@/shared/ui/app-modal.tsx';

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
  onSubmit: (values: MoveValues) => Promise<void> | void;
};

/**
 * The move of one or many replies: stage, then for «Отказ» a reason (required), and an optional
 * letter from a template that the member reads and edits before it goes (being completed: reasons,
 * templates and the preview).
 */
export function MoveDialog({ opened, onClose, stages, initialStageId, count, busy, onSubmit }: MoveDialogProps) {
  const [stageId, setStageId] = useState<string | null>(initialStageId ? String(initialStageId) : null);
  useEffect(() => setStageId(initialStageId ? String(initialStageId) : null), [initialStageId]);
  return (
    <AppModal opened={opened} onClose={onClose} title={count > 1 ? `Перенести отклики: ${count}` : 'Перенести отклик'}>
      <Stack>
        <Select label="Этап" data={stages.map((s) => ({ value: String(s.id), label: s.title }))} value={stageId} onChange={setStageId} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button
            loading={busy}
            disabled={!stageId}
            onClick={() => stageId && onSubmit({ stage_id: Number(stageId), reason_id: null, template_id: null, subject: null, message: null })}
          >
            Перенести
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
