import { describe, expect, it } from 'vitest';
import { depthNote, formatCount, formatNumber, foundText, paramTitle } from './search-format.ts';

const NBSP = '\u00a0';

describe('search numbers and texts', () => {
  it('groups thousands with a no-break space', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(12345)).toBe(`12${NBSP}345`);
    expect(formatNumber(1234567)).toBe(`1${NBSP}234${NBSP}567`);
  });

  it('marks an estimated facet count', () => {
    expect(formatCount(1200, true)).toBe(`≈${NBSP}1${NBSP}200`);
    expect(formatCount(1200)).toBe(`1${NBSP}200`);
    expect(formatCount(0, true)).toBe('0');
  });

  it('says how much was found, exact, capped or estimated', () => {
    expect(foundText({ total: 0, total_capped: false, total_is_estimate: false })).toBe('Резюме не найдены');
    expect(foundText({ total: 440, total_capped: false, total_is_estimate: false })).toBe('Найдено 440 резюме');
    expect(foundText({ total: 3400, total_capped: false, total_is_estimate: true })).toBe(`Найдено ≈${NBSP}3${NBSP}400 резюме`);
    expect(foundText({ total: 25000, total_capped: true, total_is_estimate: true })).toBe(`Найдено более 10${NBSP}000 резюме`);
  });

  it('notes the depth limit only past it', () => {
    expect(depthNote(2000)).toBeNull();
    expect(depthNote(2001)).toBe(`Показаны первые 2${NBSP}000 — уточните запрос, чтобы увидеть остальных`);
  });

  it('names a parameter as the page does, or by its key', () => {
    expect(paramTitle('search_city')).toBe('Город');
    expect(paramTitle('unknown')).toBe('unknown');
  });
});
