import { describe, expect, it } from 'vitest';
import { matchLine, matchLink, mergeLine, mergeSummary } from './duplicates-text.ts';

const reply = {
  hash: 'a'.repeat(22),
  reason: 'phone' as const,
  kind: 'reply' as const,
  reply_id: 7,
  vacancy_id: 3,
  vacancy_title: 'Рекрутер',
  fio: 'Соколова Мария',
  title: 'Рекрутер',
  stage_title: 'Новые',
  created_at: '2026-11-27T21:30:00Z',
  mergeable: true,
};

describe('duplicates texts', () => {
  it('say why, where and when (Moscow day), and link the reply or the club resume', () => {
    expect(matchLine(reply)).toBe('тот же телефон · отклик на «Рекрутер», этап «Новые», 28 ноября 2026 г.');
    expect(matchLink(reply)).toBe('/vacancy/3/reply/7');
    const club = { ...reply, kind: 'resume' as const, reason: 'email' as const, reply_id: null, vacancy_id: null, vacancy_title: null, stage_title: null };
    expect(matchLine(club)).toBe('тот же e-mail · резюме в базе клуба, обновлено 28 ноября 2026 г.');
    expect(matchLink(club)).toBe(`/resume/${'a'.repeat(22)}`);
  });

  it('tell the merge who, when and what was taken', () => {
    const line = mergeLine({ at: '2026-11-27T21:30:00Z', by: { id: 1, name: 'Анна', family: 'Смирнова' }, merged_hash: 'x', fields: ['email', 'fio'], merged_fio: 'Соколова Мария', vacancy_titles: ['Сорсер'] });
    expect(line).toBe('Объединено с «Соколова Мария» (отклик на «Сорсер») — Анна Смирнова, 28 ноября 2026 г. в 00:30; взято из дубля: E-mail, ФИО');
  });

  it('sum up the merge with Russian plurals', () => {
    expect(mergeSummary({ moved: 1, joined: 0, taken: [], vacancy: 'Рекрутер' })).toEqual([
      'Отклик дубля перейдёт к этому кандидату со своей историей.',
      'Все поля останутся как в этом отклике.',
      'Резюме-дубль будет удалено; объединение запишется в историю отклика и в журнал.',
    ]);
    const many = mergeSummary({ moved: 5, joined: 2, taken: ['phone'], vacancy: 'Рекрутер' });
    expect(many[0]).toBe('5 откликов дубля перейдут к этому кандидату со своей историей.');
    expect(many[1]).toContain('2 отклика на одну вакансию станут одним');
    expect(many[2]).toBe('Из дубля будут взяты: Телефон.');
  });
});
