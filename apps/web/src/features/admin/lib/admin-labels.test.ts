import {
  ACCESS_FLAG_TITLES,
  ACCESS_FLAGS,
  ACCOUNT_TYPES,
  AUDIT_ACTION_TITLES,
  AUDIT_ACTIONS,
  AUDIT_OBJECT_TITLES,
  AUDIT_OBJECT_TYPES,
  auditDetailLines,
  auditDetailsText,
  displayPhone,
  IMPORT_STATUS_TITLES,
  IMPORT_STATUSES,
  isValidPhone,
  phoneProblem,
  RESIDENCY_STATUS_TITLES,
  RESIDENCY_STATUSES,
  RESUME_SOURCE_TITLES,
  RESUME_SOURCES,
  REVIEW_REQUEST_STATUS_TITLES,
  REVIEW_REQUEST_STATUSES,
  REVIEW_SOURCE_TITLES,
  REVIEW_SOURCES,
  REVIEW_VERDICT_TITLES,
  REVIEW_VERDICTS,
  titleOf,
} from '@hr/contract';
import { describe, expect, it } from 'vitest';

const RUSSIAN = /^[А-ЯЁ][^a-z]*$/u;

describe('every code the back office shows has a Russian title', () => {
  it.each([
    ['opinion verdicts', REVIEW_VERDICTS, REVIEW_VERDICT_TITLES],
    ['opinion kinds', REVIEW_SOURCES, REVIEW_SOURCE_TITLES],
    ['reference request statuses', REVIEW_REQUEST_STATUSES, REVIEW_REQUEST_STATUS_TITLES],
    ['resume sources', RESUME_SOURCES, RESUME_SOURCE_TITLES],
    ['account types', Object.keys(ACCOUNT_TYPES), ACCOUNT_TYPES],
    ['residency statuses', RESIDENCY_STATUSES, RESIDENCY_STATUS_TITLES],
    ['access options', ACCESS_FLAGS, ACCESS_FLAG_TITLES],
    ['audit actions', AUDIT_ACTIONS, AUDIT_ACTION_TITLES],
    ['audit objects', AUDIT_OBJECT_TYPES, AUDIT_OBJECT_TITLES],
    ['import statuses', IMPORT_STATUSES, IMPORT_STATUS_TITLES],
  ] as const)('%s', (_what, codes, titles) => {
    for (const code of codes) expect(titleOf(titles as Record<string, string>, code), code).toMatch(RUSSIAN);
  });

  it('a code no map knows yet reads «другое», never the code', () => {
    expect(titleOf(REVIEW_VERDICT_TITLES, 'recommend')).toBe('Рекомендую');
    expect(titleOf(REVIEW_SOURCE_TITLES, 'member')).toBe('Отзыв участника клуба');
    expect(titleOf(RESUME_SOURCE_TITLES, 'demo')).toBe('Демонстрационные данные');
    expect(titleOf(RESUME_SOURCE_TITLES, 'superjob')).toBe('другое');
    expect(titleOf(RESUME_SOURCE_TITLES, null)).toBe('—');
  });
});

describe('phones as people write them', () => {
  it('shows a stored number as «+7 903 555-11-22», whatever form it was kept in', () => {
    expect(displayPhone('9035551122')).toBe('+7 903 555-11-22');
    expect(displayPhone('+79035551122')).toBe('+7 903 555-11-22');
    expect(displayPhone('8 (903) 555-11-22')).toBe('+7 903 555-11-22');
    expect(displayPhone(null)).toBe('');
    // Not a Russian number: as it was, not mangled.
    expect(displayPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });

  it('says what is wrong with a refused number, after SEED’s «Ошибка заполнения данных»', () => {
    expect(phoneProblem('+7 (916) 123-45')).toBe('Ошибка заполнения данных: не хватает цифр — после +7 нужно 10, введено 8');
    expect(phoneProblem('+7 (916) 123-45-678')).toBe('Ошибка заполнения данных: лишние цифры — после +7 нужно 10, введено 11');
    expect(phoneProblem('+7 (516) 123-45-67')).toMatch(/^Ошибка заполнения данных: не российский номер/);
    expect(phoneProblem('+7 (911) 111-11-11')).toBe('Ошибка заполнения данных: 7 одинаковых цифр подряд — проверьте номер');
    expect(phoneProblem('девять один шесть')).toMatch(/только цифры/);
    expect(phoneProblem('+7 (916) 123-45-67')).toBeNull();
    expect(isValidPhone('8 916 123 45 67')).toBe(true);
  });
});

describe('audit details as lines, not JSON', () => {
  it('a failed login: the method and the reason in words', () => {
    expect(auditDetailLines('auth.login_failed', { reason: 'bad_credentials', method: 'password' })).toEqual([
      { label: 'Способ входа', value: 'по паролю' },
      { label: 'Причина', value: 'неверный e-mail или пароль' },
    ]);
  });

  it('an account type change: before and after by their titles', () => {
    expect(auditDetailsText('user.account_type', { to: 'admin', from: 'basic' })).toBe('Было: Базовый; Стало: Администратор');
  });

  it('a deletion: what was removed, in Russian, zero counts left out', () => {
    const [reason, deleted] = auditDetailLines('user.delete', {
      reason: 'Запрос по 152-ФЗ',
      deleted: { users: 1, sessions: 2, vacancies: 0, audit_entries_redacted: 3 },
    });
    expect(reason).toEqual({ label: 'Причина', value: 'Запрос по 152-ФЗ' });
    expect(deleted).toEqual({ label: 'Удалено', value: 'учётная запись — 1, сеансы входа — 2, записи журнала очищены от данных — 3' });
  });

  it('an import and an export of the log: sizes, formats, statuses and filters readable', () => {
    expect(auditDetailsText('import.upload', { file: 'hh.jsonl', size: 1536, format: 'jsonl' })).toBe(
      'Файл: hh.jsonl; Размер: 1,5 КБ; Формат: JSON Lines',
    );
    expect(auditDetailsText('import.finish', { status: 'done', rows: 1200, imported: 1100, updated: 50, rejected: 50 })).toBe(
      'Итог: Завершён; Строк: 1\u00a0200; Добавлено: 1\u00a0100; Обновлено: 50; Отклонено: 50',
    );
    expect(auditDetailsText('audit.export', { rows: 3, filters: { action: 'user.block', from: '2026-11-01' } })).toBe(
      'Строк: 3; Отбор: действие: Блокировка; с: 01.11.2026',
    );
  });

  it('hiding an opinion: the reason; the resume is the entry’s object, not a detail', () => {
    expect(auditDetailLines('opinion.hide', { reason: 'Спам', resume: 'esiLX0abcdefghijklmnop' })).toEqual([{ label: 'Причина', value: 'Спам' }]);
    expect(auditDetailLines('opinion.unhide', { reason: 'Исправлено' })).toEqual([{ label: 'Комментарий', value: 'Исправлено' }]);
  });

  it('nothing to say: no lines (an empty comment, an unblock)', () => {
    expect(auditDetailLines('user.residency_approve', { comment: null })).toEqual([]);
    expect(auditDetailLines('user.unblock', {})).toEqual([]);
  });
});
