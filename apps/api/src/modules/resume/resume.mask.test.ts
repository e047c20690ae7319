import { describe, expect, it } from 'vitest';
import { hostileCandidate, seededRng } from '../../../test/hostile-contacts.ts';
import {
  type CandidatePerson,
  forgetMaskedTexts,
  hiddenRanges,
  maskGeneration,
  maskMarkedText,
  maskMemoForTests,
  maskText,
} from './resume.mask.ts';

// The masking keeps what it made (a memo keyed on every input) and skips the patterns a text cannot
// match: neither may ever change what a viewer reads.

const hidden = '[скрыто]';
const VISITOR = { names: false, contacts: false };
const NAMES = { names: true, contacts: false };
const marks = { open: '\u0001', close: '\u0002' };

const petrov: CandidatePerson = {
  firstName: 'Иван',
  lastName: 'Петров',
  middleName: 'Сергеевич',
  phone: '9161234567',
  email: 'ivan@mail.ru',
  telegram: 'ivan_p',
};
const sidorov: CandidatePerson = {
  firstName: 'Олег',
  lastName: 'Сидоров',
  middleName: null,
  phone: '9037654321',
  email: 'oleg@ya.ru',
  telegram: 'oleg_s',
};

describe('the masking memo', () => {
  it('answers the same text of another candidate by that candidate', () => {
    const text = 'Петров, ник ivan_p, Сидоров, ник oleg_s';
    expect(maskText(text, petrov, VISITOR)).toBe(`${hidden}, ник ${hidden}, Сидоров, ник oleg_s`);
    expect(maskText(text, sidorov, VISITOR)).toBe(`Петров, ник ivan_p, ${hidden}, ник ${hidden}`);
    expect(maskText(text, petrov, VISITOR)).toBe(`${hidden}, ник ${hidden}, Сидоров, ник oleg_s`);
    // The same names with other contacts on file, or the other way round: another key.
    expect(maskText(text, { ...petrov, telegram: null }, VISITOR)).toBe(`${hidden}, ник ivan_p, Сидоров, ник oleg_s`);
    expect(maskText(text, { ...sidorov, lastName: 'Петров' }, VISITOR)).toBe(`${hidden}, ник ivan_p, Сидоров, ник ${hidden}`);
  });

  it('answers the same text and candidate by each sight', () => {
    const text = 'Петров, тел. 8 916 123-45-67';
    expect(maskText(text, petrov, VISITOR)).toBe(`${hidden}, тел. ${hidden}`);
    expect(maskText(text, petrov, NAMES)).toBe(`Петров, тел. ${hidden}`);
    expect(maskText(text, petrov, { names: false, contacts: true })).toBe(`${hidden}, тел. 8 916 123-45-67`);
    expect(maskText(text, petrov, { names: true, contacts: true })).toBe(text);
    expect(maskText(text, petrov, VISITOR)).toBe(`${hidden}, тел. ${hidden}`);
  });

  it('keeps a highlight apart from plain text, and a cut fragment apart from a whole one', () => {
    const fragment = '555-44-33 \u0001ксилофон\u0002 и 8 916 55';
    expect(maskMarkedText(fragment, petrov, VISITOR, { ...marks, cut: true })).toBe(`${hidden} \u0001ксилофон\u0002 и ${hidden}`);
    expect(maskMarkedText(fragment, petrov, VISITOR, marks)).toBe(`${hidden} \u0001ксилофон\u0002 и 8 916 55`);
    // Other markers: the same characters are plain text then (a phone split by them is no longer whole).
    const other = { open: '<', close: '>' };
    expect(maskMarkedText('тел 8 916 \u0001555\u0002-44-33', petrov, VISITOR, marks)).toBe(`тел ${hidden}`);
    expect(maskMarkedText('тел 8 916 \u0001555\u0002-44-33', petrov, VISITOR, other)).toBe('тел 8 916 \u0001555\u0002-44-33');
    expect(maskText('тел 8 916 \u0001555\u0002-44-33', petrov, VISITOR)).toBe('тел 8 916 \u0001555\u0002-44-33');
    expect(maskMarkedText('тел 8 916 \u0001555\u0002-44-33', petrov, VISITOR, marks)).toBe(`тел ${hidden}`);
  });

  it('gives the same answers once forgotten (a deletion on request empties it)', () => {
    const text = 'Иван Петров, ivan@mail.ru';
    const before = maskText(text, petrov, VISITOR);
    expect(before).toBe(`${hidden} ${hidden}, ${hidden}`);
    forgetMaskedTexts();
    expect(maskText(text, petrov, VISITOR)).toBe(before);
  });
});

describe('the masking memo after a deletion on request', () => {
  const deleted: CandidatePerson = { firstName: 'Ермолай', lastName: 'Удалёнкин', middleName: null, phone: '9035550101', email: 'ermolai@gone.ru' };
  const text = 'Удалёнкин Ермолай, ermolai@gone.ru';
  const fragment = 'пишите \u0001Удалёнкину\u0002 на ermolai@gone.ru';

  it('keeps nothing masked from rows read before the forget, and what is read after it', () => {
    const readBefore = maskGeneration();
    forgetMaskedTexts();
    // The request that read the resume before the deletion masks it now: its answer, nothing kept.
    expect(maskText(text, deleted, VISITOR, readBefore)).toBe(`${hidden} ${hidden}, ${hidden}`);
    expect(maskMarkedText(fragment, deleted, VISITOR, marks, readBefore)).toBe(`пишите \u0001${hidden}\u0002 на ${hidden}`);
    expect(maskMemoForTests.holds('Удалёнкин')).toBe(false);
    const readAfter = maskGeneration();
    expect(maskText(text, deleted, VISITOR, readAfter)).toBe(`${hidden} ${hidden}, ${hidden}`);
    expect(maskMemoForTests.holds('Удалёнкин')).toBe(true);
    forgetMaskedTexts();
    expect(maskMemoForTests.holds('Удалёнкин')).toBe(false);
  });

  it('keeps nothing from a caller without a generation until no read before the forget can be running', () => {
    forgetMaskedTexts();
    expect(maskText(text, deleted, VISITOR)).toBe(`${hidden} ${hidden}, ${hidden}`);
    expect(maskMemoForTests.holds('Удалёнкин')).toBe(false);
    maskMemoForTests.advance(61_000);
    expect(maskText(text, deleted, VISITOR)).toBe(`${hidden} ${hidden}, ${hidden}`);
    expect(maskMemoForTests.holds('Удалёнкин')).toBe(true);
  });

  it('lets every entry go after ten minutes (whatever a forget could not reach)', async () => {
    maskText(text, deleted, VISITOR, maskGeneration());
    expect(maskMemoForTests.holds('Удалёнкин')).toBe(true);
    maskMemoForTests.advance(9 * 60_000);
    await new Promise((done) => setTimeout(done, 10));
    expect(maskMemoForTests.holds('Удалёнкин')).toBe(true);
    maskMemoForTests.advance(2 * 60_000);
    // lru-cache reads its clock at most once a millisecond.
    await new Promise((done) => setTimeout(done, 10));
    expect(maskMemoForTests.holds('Удалёнкин')).toBe(false);
  });
});

describe('the pre-checks of the contact patterns', () => {
  it('never change the spans found', () => {
    const rng = seededRng(25);
    const texts: string[] = [];
    const people: CandidatePerson[] = [petrov, sidorov];
    for (let i = 0; i < 40; i++) {
      const c = hostileCandidate(rng);
      const row = c.row;
      people.push(row as CandidatePerson);
      const jobs = (row.experience ?? []) as { company: string; position: string; description: string }[];
      texts.push(row.title ?? '', row.lastCompany ?? '', row.lastPosition ?? '', row.about ?? '', ...(row.skills ?? []));
      for (const j of jobs) texts.push(j.company, j.position, j.description);
    }
    // Pieces each pattern needs (or nearly), shuffled into short texts, cut anywhere.
    const pieces = [
      '@',
      'at',
      'AT',
      'собака',
      'Собака',
      '.',
      ':',
      '(',
      ')',
      '[',
      ']',
      'dot',
      'точка',
      '8',
      '916',
      '555-44-33',
      '+7',
      ' ',
      ' ',
      'tg',
      'тг',
      'skype',
      'vk',
      'ivan',
      'Петров',
      'Иван',
      'www',
      'http',
      '/',
      '-',
      'ru',
      'x_y',
      '2015',
      '…',
      'ſ',
      'K',
    ];
    for (let i = 0; i < 3000; i++) {
      let t = '';
      const n = 1 + Math.floor(rng() * 12);
      for (let k = 0; k < n; k++) t += pieces[Math.floor(rng() * pieces.length)];
      texts.push(t);
    }
    for (const base of [...texts]) {
      const from = Math.floor(rng() * base.length);
      texts.push(base.slice(from, from + 1 + Math.floor(rng() * 40)));
    }
    let compared = 0;
    for (const [i, text] of texts.entries()) {
      const person = people[i % people.length] as CandidatePerson;
      for (const sight of [VISITOR, NAMES]) {
        for (const cut of [false, true]) {
          expect(hiddenRanges(text, person, sight, cut, true), `${JSON.stringify(text)} cut=${cut}`).toEqual(
            hiddenRanges(text, person, sight, cut, false),
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(20_000);
  });
});
