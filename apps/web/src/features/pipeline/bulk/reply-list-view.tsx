import { repliesCount, type StageWithCount } from '@hr/contract';
import { Alert, Button, Checkbox, Group, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInbox } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { MoveDialog, type MoveValues } from '../templates/move-dialog.tsx';
import { isApiError } from '@/shared/api/api-error.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { Pager } from '@/shared/ui/pager.tsx';
import { BulkBar } from './bulk-bar.tsx';
import { useBulkMove, useBulkUndo, useReplyListPage } from './bulk-api.ts';
import { ReplyCards, ReplyTable } from './reply-rows.tsx';
import { type DoneAction, UndoNotice } from './undo-notice.tsx';
import './bulk.css';

/**
 * The replies as a list (the replies page's «Список»): tabs per stage with their counts, pages, boxes
 * to choose replies (the page's, or every reply the tab holds), and the actions on the chosen ones:
 * move, reject with a reason and a letter, export. Each action can be undone for 10 seconds.
 */
export function ReplyListView({ vacancyId, stages: given }: { vacancyId: number; stages: StageWithCount[] }) {
  const [stageId, setStageId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [dialog, setDialog] = useState<{ stageId?: number } | null>(null);
  const [done, setDone] = useState<DoneAction | null>(null);
  const list = useReplyListPage(vacancyId, stageId, page);
  const move = useBulkMove(vacancyId);
  const undo = useBulkUndo(vacancyId);
  const stages = list.data?.stages ?? given;
  const items = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const rejected = stages.find((s) => s.kind === 'rejected');

  // An action may empty the last page of a tab: show the last page that still has replies.
  const lastPage = list.data?.last_page;
  useEffect(() => {
    if (lastPage && page > lastPage) setPage(lastPage);
  }, [lastPage, page]);

  const clear = useCallback(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, []);
  // Another tab is another set of replies: the choice starts over.
  const showStage = (id: number | null) => {
    setStageId(id);
    setPage(1);
    clear();
  };

  const current = stageId ? String(stageId) : 'all';
  const count = allMatching ? total : selected.size;
  const onPage = items.map((r) => r.id);
  const pageChosen = onPage.length > 0 && onPage.every((id) => selected.has(id));
  const somePage = onPage.some((id) => selected.has(id));
  const chosenIds = useMemo(() => [...selected], [selected]);

  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const togglePage = () =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of onPage) pageChosen ? next.delete(id) : next.add(id);
      return next;
    });

  const submit = async (values: MoveValues) => {
    const scope = allMatching ? { filter: stageId ? { stage_id: stageId } : {} } : { ids: chosenIds };
    let answer: Awaited<ReturnType<typeof move.mutateAsync>>;
    try {
      answer = await move.mutateAsync({ ...scope, ...values });
    } catch (error) {
      // A field's error is shown under the field by the dialog; anything else is said here.
      if (!isApiError(error) || !Object.keys(error.fieldErrors).length) {
        notifications.show({
          color: 'red',
          title: 'Отклики не перенесены',
          message: isApiError(error) ? error.message : 'Проверьте подключение и попробуйте ещё раз',
        });
      }
      throw error;
    }
    setDialog(null);
    clear();
    setDone({
      changed: answer.res.changed,
      messages: answer.res.messages,
      notMessaged: answer.res.not_messaged,
      undoToken: answer.res.undo_token,
      at: Date.now(),
    });
    return answer;
  };

  let body: ReactNode;
  if (list.isPending) body = <Text c="dimmed">Загружаем отклики…</Text>;
  else if (list.isError)
    body = (
      <Alert color="red" title="Не удалось загрузить отклики">
        Проверьте подключение и обновите страницу.
      </Alert>
    );
  else if (!items.length) body = <EmptyState icon={IconInbox} title={stageId ? 'На этом этапе откликов нет' : 'Откликов пока нет'} text="Выберите другой этап." />;
  else
    body = (
      <>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Checkbox
            label="Выбрать все на странице"
            checked={allMatching || pageChosen}
            indeterminate={!allMatching && !pageChosen && somePage}
            disabled={allMatching}
            onChange={togglePage}
          />
          {allMatching ? (
            <Button variant="subtle" size="compact-sm" onClick={clear}>
              Снять выбор со всех {total}
            </Button>
          ) : pageChosen && total > onPage.length ? (
            <Button variant="subtle" size="compact-sm" onClick={() => setAllMatching(true)}>
              Выбрать все {total} по фильтру
            </Button>
          ) : null}
        </Group>
        <ReplyTable vacancyId={vacancyId} items={items} selected={selected} allMatching={allMatching} onToggle={toggle} />
        <ReplyCards vacancyId={vacancyId} items={items} selected={selected} allMatching={allMatching} onToggle={toggle} />
        <Pager page={page} lastPage={list.data?.last_page ?? 1} onChange={setPage} label="Страницы откликов" count={{ total, forms: ['отклик', 'отклика', 'откликов'] }} />
      </>
    );

  return (
    <Stack gap="sm" className="bulk-list">
      {/* Each tab has its panel (the list shows in the open one), as a tab list must. */}
      <Tabs value={current} onChange={(v) => showStage(v && v !== 'all' ? Number(v) : null)} variant="pills" radius="xl">
        <div className="bulk-tabs">
          <Tabs.List className="bulk-tabs__list">
            <Tabs.Tab value="all">Все · {stages.reduce((n, s) => n + s.count, 0)}</Tabs.Tab>
            {stages.map((s) => (
              <Tabs.Tab key={s.id} value={String(s.id)}>
                {s.title} · {s.count}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </div>
        {['all', ...stages.map((s) => String(s.id))].map((value) => (
          <Tabs.Panel key={value} value={value} pt="sm">
            {value === current ? <Stack gap="sm">{body}</Stack> : null}
          </Tabs.Panel>
        ))}
      </Tabs>
      <BulkBar
        vacancyId={vacancyId}
        count={count}
        label={allMatching ? `Выбраны все: ${repliesCount(total)}` : `Выбрано: ${repliesCount(selected.size)}`}
        exportScope={allMatching ? { stageId } : { ids: chosenIds }}
        onMove={() => setDialog({})}
        onReject={rejected ? () => setDialog({ stageId: rejected.id }) : undefined}
        onClear={clear}
      />
      {done ? <UndoNotice key={done.at} action={done} onUndo={(token) => undo.mutateAsync(token)} onClose={() => setDone(null)} /> : null}
      <MoveDialog
        opened={!!dialog}
        onClose={() => setDialog(null)}
        vacancyId={vacancyId}
        stages={stages}
        initialStageId={dialog?.stageId}
        count={count}
        busy={move.isPending}
        onSubmit={submit}
      />
    </Stack>
  );
}
