import { DEFAULT_STAGES, PIPELINE_MSG } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { bodyOf, checkRows, moveRow, newRow, rowsOf, serverErrors, whyNotDeletable } from './stage-rows.ts';

const rows = rowsOf(DEFAULT_STAGES.map((s, i) => ({ ...s, id: i + 1, count: i === 1 ? 3 : 0 })));

describe('stage rows', () => {
  it('moves a row up and down within the list', () => {
    expect(moveRow(rows, 2, -1).map((r) => r.id)).toEqual([1, 3, 2, 4, 5, 6, 7]);
    expect(moveRow(rows, 6, 1).map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(moveRow(rows, 0, -1).map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('says why a stage cannot be deleted', () => {
    expect(whyNotDeletable(rows[0]!)).toMatch(/обязателен/);
    expect(whyNotDeletable(rows[1]!)).toBe('Удалить нельзя: в этапе 3 отклика');
    expect(whyNotDeletable(rows[2]!)).toBeNull();
  });

  it('sends ids of kept stages and none for a new one', () => {
    const body = bodyOf([...rows, { ...newRow(), title: 'Тестовое задание' }]);
    expect(body.stages.at(-1)).toEqual({ title: 'Тестовое задание', kind: 'active' });
    expect(body.stages[0]).toEqual({ id: 1, title: 'Новые', kind: 'new' });
  });

  it('puts the checks on their rows', () => {
    const blank = { ...newRow(), title: '  ' };
    const twice = { ...newRow(), title: 'новые' };
    const errors = checkRows([...rows, blank, twice]);
    expect(errors.rows[blank.key]).toBe(PIPELINE_MSG.stageTitleRequired);
    expect(errors.rows[twice.key]).toBe(PIPELINE_MSG.stageTitleTwice);
    expect(checkRows(rows)).toEqual({ rows: {} });
  });

  it('lays a 422 on the rows and the rest on the list', () => {
    const errors = serverErrors({ 'stages.2.title': ['Слишком длинно'], stages: ['Этап «X» нельзя удалить'] }, rows);
    expect(errors.rows[rows[2]!.key]).toBe('Слишком длинно');
    expect(errors.general).toBe('Этап «X» нельзя удалить');
  });
});
