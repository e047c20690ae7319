import { describe, expect, it } from 'vitest';
import { JsonRecordSplitter } from './json-records.ts';
import { parseJsonText } from './json-text.ts';

/** The records of `text` fed in chunks of `size` characters (a record may span any number of chunks). */
function split(text: string, size = text.length): { line: number; value: unknown }[] {
  const splitter = new JsonRecordSplitter();
  const out = [];
  for (let i = 0; i < text.length; i += size) out.push(...splitter.push(text.slice(i, i + size)));
  out.push(...splitter.end());
  return out.map((r) => ({ line: r.line, value: JSON.parse(r.value) }));
}

describe('the resumes of a JSON document', () => {
  const a = { id: '1', title: 'Рекрутер { не скобка', skills: 'a "quoted" ] text', items: 'not a list' };
  const b = { id: '2', title: 'Бухгалтер', experience: [{ company: 'ООО «Вектор»', end: null }] };

  it('a pretty-printed resume, an array, a list response, values one after another — in any chunks', () => {
    for (const size of [1, 7, 1000]) {
      expect(split(JSON.stringify(a, null, 2), size)).toEqual([{ line: 1, value: a }]);
      expect(split(`[\n  ${JSON.stringify(a)},\n  ${JSON.stringify(b, null, 2)}\n]\n`, size)).toEqual([
        { line: 2, value: a },
        { line: 3, value: b },
      ]);
      const list = JSON.stringify({ found: 2, page: 0, items: [a, b], pages: 1, arguments: [{ items: [] }] });
      expect(split(list, size)).toEqual([
        { line: 1, value: a },
        { line: 1, value: b },
      ]);
      expect(split(`${JSON.stringify(a)}\n\n${JSON.stringify(b, null, 1)}`, size)).toEqual([
        { line: 1, value: a },
        { line: 3, value: b },
      ]);
    }
  });

  it('a document cut short gives its last record as it is, and the parse says where it breaks', () => {
    const splitter = new JsonRecordSplitter();
    const records = [...splitter.push('[{"id": "1", "title": "A"},\n{"id": "2",\n "title": "B'), ...splitter.end()];
    expect(records.map((r) => [r.line, r.column])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(() => parseJsonText(records[1]?.value ?? '', 2)).toThrow(
      'неверный JSON (строка 3, столбец 13): текст обрывается: не закрыта кавычка или скобка',
    );
  });

  it('an error in a minified list is placed by its column in the file', () => {
    const splitter = new JsonRecordSplitter();
    const [, second] = [...splitter.push('{"items": [{"id": "1"}, {"id": "2", title: "B"}]}'), ...splitter.end()];
    expect(second?.column).toBe(25);
    expect(() => parseJsonText(second?.value ?? '', second?.line ?? 0, [], second?.column)).toThrow(
      'неверный JSON (строка 1, столбец 37): ожидалось имя поля в двойных кавычках — рядом «title: "B"}»',
    );
  });

  it('a value that is not an object is still a record (the importer refuses it)', () => {
    expect(split('[1, "x", {"id": "1"}]')).toEqual([
      { line: 1, value: 1 },
      { line: 1, value: 'x' },
      { line: 1, value: { id: '1' } },
    ]);
  });
});
