import { BULK_MSG, BULK_UNDO_SECONDS, repliesCount } from '@hr/contract';
import { Button, CloseButton, Group, Paper, Progress, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError } from '@/shared/api/api-error.ts';

export type DoneAction = { changed: number; messages: number; notMessaged: number; undoToken: string | null; at: number };
type Said = { text: string; color: string };

/**
 * After a bulk action: «Изменено: 12 откликов», what became of the letters, and «Отменить» with
 * the seconds left (the server's window is the same 10 seconds, counted from its answer). The
 * result of an undo is said in the same place; every change is read out (aria-live).
 */
export function UndoNotice({ action, onUndo, onClose }: { action: DoneAction; onUndo: (token: string) => Promise<{ message?: string }>; onClose: () => void }) {
  const [now, setNow] = useState(Date.now());
  const [said, setSaid] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const left = Math.max(0, Math.ceil((action.at + BULK_UNDO_SECONDS * 1000 - now) / 1000));
  const canUndo = !!action.undoToken && left > 0 && !said;

  useEffect(() => {
    if (!canUndo) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [canUndo]);

  // The note goes away by itself a while after there is nothing left to do with it.
  useEffect(() => {
    if (canUndo || busy) return;
    const timer = setTimeout(onClose, said ? 8000 : 4000);
    return () => clearTimeout(timer);
  }, [canUndo, busy, said, onClose]);

  const undo = async () => {
    if (!action.undoToken) return;
    setBusy(true);
    try {
      const answer = await onUndo(action.undoToken);
      setSaid({ text: answer.message ?? BULK_MSG.undone, color: 'teal' });
    } catch (error) {
      setSaid({ text: isApiError(error) ? error.message : 'Не удалось отменить: проверьте подключение', color: 'red' });
    } finally {
      setBusy(false);
    }
  };

  const letters =
    action.messages || action.notMessaged
      ? ` Писем кандидатам: ${action.messages}${action.notMessaged ? `; без письма ${repliesCount(action.notMessaged)}: нет согласия или e-mail` : ''}.`
      : '';
  return (
    <Paper className="bulk-undo" withBorder shadow="md" radius="md" p="sm" role="region" aria-label="Результат действия">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        {/* Read out once per change of what happened; the seconds ticking by are not. */}
        <div style={{ minWidth: 0 }} role="status" aria-live="polite" aria-atomic="true">
          <Text fw={600}>{BULK_MSG.changed(repliesCount(action.changed))}</Text>
          {said ? (
            <Text size="sm" c={said.color === 'red' ? 'red.8' : 'teal.9'}>
              {said.text}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {letters.trim() || (action.changed ? 'Письма кандидатам не отправлялись.' : 'Все выбранные отклики уже были на этом этапе.')}
              {action.undoToken ? ` Отменить можно в течение ${BULK_UNDO_SECONDS} секунд${action.messages ? ': письма уйдут после этого' : ''}.` : ''}
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="nowrap">
          {canUndo || busy ? (
            <>
              <Text size="sm" c="dimmed" aria-hidden data-testid="undo-seconds" style={{ whiteSpace: 'nowrap' }}>
                {left} с
              </Text>
              <Button size="xs" variant="light" loading={busy} onClick={undo}>
                Отменить
              </Button>
            </>
          ) : null}
          <CloseButton aria-label="Закрыть уведомление" onClick={onClose} />
        </Group>
      </Group>
      {canUndo ? <Progress mt={6} size="xs" value={(left / BULK_UNDO_SECONDS) * 100} aria-hidden /> : null}
    </Paper>
  );
}
