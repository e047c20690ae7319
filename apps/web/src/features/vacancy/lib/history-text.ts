import type { ReplyHistoryItem } from '@hr/contract';

/** «отправлено», «отправляется», «не доставлено: …», «не отправлено: …» — the delivery of a letter in words. */
export function deliveryText(message: NonNullable<ReplyHistoryItem['message']>): string {
  const failed = message.state === 'failed' || message.state === 'not_sent';
  return failed && message.error ? `${message.state_title}: ${message.error}` : message.state_title;
}

/** The heading of a record: «Новые → Интервью» for a move, «Отклик получен» for the first one. */
export function historyHeading(item: ReplyHistoryItem): string {
  if (item.event === 'merge') return 'Объединён с дублем';
  if (item.event === 'message') return 'Письмо кандидату';
  if (!item.from && item.to) return item.by ? `Добавлен в «${item.to.title}»` : `Отклик получен · ${item.to.title}`;
  if (item.from && item.to) return `${item.from.title} → ${item.to.title}`;
  return item.to?.title ?? item.note ?? 'Изменение';
}
