import { describe, expect, it } from 'vitest';
import { inviteOutcomeText } from './invite-outcome.ts';
import { bellCountText, bellLabel } from './unread-text.ts';

describe('the bell', () => {
  it('draws the count, capped at 99+, and says it in its name', () => {
    expect(bellCountText(1)).toBe('1');
    expect(bellCountText(99)).toBe('99');
    expect(bellCountText(100)).toBe('99+');
    expect(bellLabel(21)).toBe('Уведомления: 21 новое');
    expect(bellLabel(0)).toBe('Уведомления');
  });
});

describe('an answered team notification', () => {
  it('says what the reader did, for an invitation and a join request', () => {
    expect(inviteOutcomeText('invite', 'accepted')).toBe('Вы приняли приглашение');
    expect(inviteOutcomeText('invite', 'declined')).toBe('Вы отклонили приглашение');
    expect(inviteOutcomeText('join', 'accepted')).toBe('Вы приняли запрос');
    expect(inviteOutcomeText('join', 'cancelled')).toBe('Запрос отменён');
  });
});
