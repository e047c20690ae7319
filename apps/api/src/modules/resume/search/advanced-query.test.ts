import { describe, expect, it } from 'vitest';
import { describeQuery, parseAdvancedQuery, pruneTerms, QuerySyntaxError } from './advanced-query.ts';
import { hasSearchableWords } from './stopwords.ts';

const parse = (q: string) => describeQuery(parseAdvancedQuery(q));
const errorOf = (q: string) => {
  try {
    parseAdvancedQuery(q);
  } catch (e) {
    if (e instanceof QuerySyntaxError) return { position: e.position, message: e.message };
    throw e;
  }
  throw new Error(`no error for ${q}`);
};

describe('advanced query parser', () => {
  it('reads operators in both languages and any case, with NOT > AND > OR', () => {
    expect(parse('python AND django')).toBe('AND(python, django)');
    expect(parse('python и django')).toBe('AND(python, django)');
    expect(parse('python django')).toBe('AND(python, django)');
    expect(parse('python Or java')).toBe('OR(python, java)');
    expect(parse('python ИЛИ java')).toBe('OR(python, java)');
    expect(parse('a OR b AND c')).toBe('OR(a, AND(b, c))');
    expect(parse('NOT a')).toBe('NOT a');
    expect(parse('не a')).toBe('NOT a');
    expect(parse('a NOT b')).toBe('AND(a, NOT b)');
    expect(parse('a AND NOT b OR c')).toBe('OR(AND(a, NOT b), c)');
  });

  it('groups with parentheses and keeps quoted phrases whole', () => {
    expect(parse('(a OR b) AND c')).toBe('AND(OR(a, b), c)');
    expect(parse('менеджер (продажи OR закупки) NOT стажёр')).toBe('AND(менеджер, OR(продажи, закупки), NOT стажёр)');
    expect(parse('"менеджер по продажам" OR «главный бухгалтер»')).toBe('OR("менеджер по продажам", "главный бухгалтер")');
  });

  it('reads field prefixes (and their Russian names); other colons are part of the word', () => {
    expect(parse('company:Сбербанк')).toBe('company:Сбербанк');
    expect(parse('компания:Сбербанк')).toBe('company:Сбербанк');
    expect(parse('position:"главный бухгалтер"')).toBe('position:"главный бухгалтер"');
    expect(parse('skill: python')).toBe('skill:python');
    expect(parse('1С:Бухгалтерия')).toBe('1С:Бухгалтерия');
    expect(parse('company:Яндекс NOT position:стажёр')).toBe('AND(company:Яндекс, NOT position:стажёр)');
  });

  it('says where a query goes wrong (1-based positions)', () => {
    expect(errorOf('python AND (django OR flask')).toEqual({ position: 12, message: 'Ошибка в запросе (позиция 12): не закрыта скобка' });
    expect(errorOf('python)')).toMatchObject({ position: 7, message: expect.stringContaining('лишняя закрывающая скобка') });
    expect(errorOf('python AND')).toMatchObject({ position: 8, message: expect.stringContaining('после «AND» нет слова') });
    expect(errorOf('OR python')).toMatchObject({ position: 1, message: expect.stringContaining('оператор «OR» без слова слева') });
    expect(errorOf('a "b c')).toMatchObject({ position: 3, message: expect.stringContaining('не закрыта кавычка') });
    expect(errorOf('a () b')).toMatchObject({ position: 3, message: expect.stringContaining('пустые скобки') });
    expect(errorOf('company: AND b')).toMatchObject({ position: 1, message: expect.stringContaining('после «company:»') });
    expect(errorOf('NOT')).toMatchObject({ position: 1 });
    expect(errorOf('a ""')).toMatchObject({ position: 3, message: expect.stringContaining('пустая фраза') });
  });

  it('gives nothing for an empty query and drops stop-word-only terms', () => {
    expect(parseAdvancedQuery('   ')).toBeNull();
    // `по`, `на`, `под` are stop words; `и` alone would be the operator AND.
    const tree = parseAdvancedQuery('по AND python OR (на OR под)');
    expect(describeQuery(tree)).toBe('OR(AND(по, python), OR(на, под))');
    const pruned = tree && pruneTerms(tree, (t) => hasSearchableWords(t.text));
    expect(describeQuery(pruned ?? null)).toBe('python');
    expect(errorOf('python (и)')).toMatchObject({ position: 9 });
  });
});
