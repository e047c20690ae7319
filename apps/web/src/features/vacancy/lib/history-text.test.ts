import type { ReplyHistoryItem } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { deliveryText, historyHeading } from './history-text.ts';

const base: ReplyHistoryItem = {
  id: 1,
  at: '2026-11-01T10:00:00Z',
  event: 'move',
  by: null,
  from: null,
  to: { id: 1, title: 'Новые', kind: 'new' },
  reason: null,
  message: null,
  note: null,
  bulk: false,
};
const letter = { id: 5, subject: 'Приглашение', body: 'Текст', state: 'sent' as const, state_title: 'отправлено', error: null };

describe('history texts', () => {
  it('names a move by its stages', () => {
    expect(historyHeading(base)).toBe('Отклик получен · Новые');
    expect(
      historyHeading({
        ...base,
        by: { id: 1, name: 'Анна', family: 'Ли' },
        from: { id: 1, title: 'Новые' },
        to: { id: 2, title: 'Интервью', kind: 'active' },
      }),
    ).toBe('Новые → Интервью');
    expect(historyHeading({ ...base, event: 'message', to: null })).toBe('Письмо кандидату');
  });

  it('says the delivery and why it failed', () => {
    expect(deliveryText(letter)).toBe('отправлено');
    expect(deliveryText({ ...letter, state: 'queued', state_title: 'отправляется' })).toBe('отправляется');
    expect(deliveryText({ ...letter, state: 'failed', state_title: 'не доставлено', error: 'ящик не существует' })).toBe(
      'не доставлено: ящик не существует',
    );
    expect(deliveryText({ ...letter, state: 'not_sent', state_title: 'не отправлено', error: 'нет согласия' })).toBe(
      'не отправлено: нет согласия',
    );
  });
});
