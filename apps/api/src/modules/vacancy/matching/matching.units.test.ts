import { describe, expect, it } from 'vitest';
import { candidatesSql } from './matching.sql.ts';
import { matchProfile, type VacancyAsks } from './profile.ts';
import { type Candidate, scoreCandidate, titleReason } from './score.ts';

const asks = (over: Partial<VacancyAsks> = {}): VacancyAsks => ({
  title: 'Менеджер по подбору персонала (IT)',
  skills: ['Подбор персонала', 'Хантинг', 'Собеседования'],
  role: null,
  roleTitle: null,
  cityId: 1069,
  cityName: 'Москва',
  experience: 'between1And3',
  salaryTo: 150000,
  ...over,
});

/** A candidate whose title and skills hold exactly the terms named (by their text). */
function candidate(
  profile: ReturnType<typeof matchProfile>,
  inTitle: string[],
  inSkills: string[],
  over: Partial<Candidate> = {},
): Candidate {
  const has = (list: string[]) => profile.terms.map((t) => list.includes(t.text));
  return {
    title: 'Рекрутер',
    city_id: 1069,
    relocation: 'no_relocation',
    relocation_city_ids: [],
    total_experience_months: 24,
    salary_amount: 100000,
    roles: [],
    in_title: has(inTitle),
    in_skills: has(inSkills),
    ...over,
  };
}

describe('the vacancy as slots', () => {
  it('reads «Менеджер по подбору персонала (IT)» as recruiting, a generic «менеджер» and «IT» in brackets, an abbreviation checked as a word', () => {
    const p = matchProfile(asks());
    expect(p.title.map((s) => [s.label, s.weight, s.generic])).toEqual([
      ['подбор персонала', 1, false],
      ['Менеджер', 0.2, true],
      ['IT', 0.5, false],
    ]);
    expect(p.terms[p.title[2]?.own ?? -1]).toEqual({ kind: 'word', text: 'it' });
    // «IT» has no index: it never gathers.
    expect(candidatesSql(p)?.text).not.toMatch(/@@ \$\d+::text\b(?!\))/);
    // «рекрутер», «хантинг», «HR» stand near recruiting.
    const near = (p.title[0]?.near ?? []).map((n) => n.label);
    expect(near).toEqual(expect.arrayContaining(['рекрутер', 'хантинг', 'HR', 'сорсер']));
    expect(p.skills.map((s) => s.skill)).toEqual(['Подбор персонала', 'Хантинг', 'Собеседования']);
  });

  it('keeps a word of the title of its own when no concept names it («Python» of «Python-разработчик»)', () => {
    const p = matchProfile(asks({ title: 'Python-разработчик', skills: [] }));
    expect(p.title.map((s) => s.label)).toEqual(['разработка', 'Python']);
  });
});

describe('scoring', () => {
  const p = matchProfile(asks());

  it('a title sharing only «менеджер» is not a match, whatever its city and experience', () => {
    expect(scoreCandidate(p, candidate(p, ['менеджер'], []))).toBeNull();
  });

  it('a recruiter far away outranks a near sales manager; among recruiters the preferences decide', () => {
    const far = scoreCandidate(p, candidate(p, ['рекрут'], ['подбор персонала'], { city_id: 722, total_experience_months: 120 }));
    const near = scoreCandidate(p, candidate(p, ['рекрут'], ['подбор персонала']));
    expect(far).not.toBeNull();
    expect(near?.score).toBeGreaterThan(far?.score ?? 0);
    expect(near?.relevance).toBeCloseTo(far?.relevance ?? 0);
    expect(near?.reasons.map((r) => r.text)).toEqual([
      'должность близкая: Рекрутер (совпало: рекрутер)',
      'совпали навыки: Подбор персонала',
      'Москва',
      'опыт 1–3 года',
      'зарплата в бюджете',
    ]);
  });

  it('the title reason names the resume\'s own title, never a matched word as if it were the job', () => {
    const it = scoreCandidate(p, candidate(p, ['рекрут', 'it'], [], { title: 'IT-рекрутер' }));
    expect(it?.reasons[0]?.text).toBe('должность: IT-рекрутер (совпало: IT, рекрутер)');
    // «Ресёрчер» (the stored vectors read «ё» as «е») is labelled in its proper spelling, «ресечер» too.
    for (const term of ['ресерчер', 'ресечер']) {
      const r = scoreCandidate(p, candidate(p, [term], [], { title: 'Ресёрчер' }));
      expect(r?.reasons[0]?.text).toBe('должность близкая: Ресёрчер (совпало: ресёрчер)');
    }
    expect(titleReason('', ['IT'], [])).toBe('должность: IT');
  });

  it('an adjacent experience bucket adds less than the asked one; a salary over the budget adds nothing', () => {
    const base = candidate(p, ['подбору персонала'], []);
    const asked = scoreCandidate(p, base)?.score ?? 0;
    const adjacent = scoreCandidate(p, { ...base, total_experience_months: 40 })?.score ?? 0;
    const far = scoreCandidate(p, { ...base, total_experience_months: 100 })?.score ?? 0;
    const expensive = scoreCandidate(p, { ...base, salary_amount: 300000 })?.score ?? 0;
    expect(asked).toBeGreaterThan(adjacent);
    expect(adjacent).toBeGreaterThan(far);
    expect(asked).toBeGreaterThan(expensive);
  });
});

describe('the statement', () => {
  it('gathers through the title and skills vectors with limits, never without a text or role condition', () => {
    const sql = candidatesSql(matchProfile(asks()));
    expect(sql?.text).toMatch(/r\.ts_title @@/);
    expect(sql?.text).toMatch(/r\.ts_skills @@/);
    const gatherings = sql?.text.match(/LIMIT \d+/g) ?? [];
    expect(gatherings.length).toBeGreaterThan(0);
    for (const part of sql?.text.split('UNION ALL') ?? []) expect(part).toMatch(/@@|roles &&/);
    expect(candidatesSql(matchProfile(asks({ title: 'и', skills: [] })))).toBeNull();
  });
});
