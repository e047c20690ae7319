import { describe, expect, it } from 'vitest';
import { tidyFragment } from './snippet.ts';

const M = (word: string) => `\u0001${word}\u0002`;

describe('search snippet fragments', () => {
  it('has no doubled dots where a sentence ending with a dot was joined with «. »', () => {
    expect(tidyFragment(`запуск конкурсов.. Старший SMM-${M('менеджер')} — ВкусВилл`)).toBe(
      `запуск конкурсов. Старший SMM-${M('менеджер')} — ВкусВилл`,
    );
    expect(tidyFragment(`отчёты. . ${M('Бухгалтер')}`)).toBe(`отчёты. ${M('Бухгалтер')}`);
  });

  it('writes an author’s three dots as one ellipsis, without a dot beside it', () => {
    expect(tidyFragment(`${M('рекрутер')} и т.д... Опыт`)).toBe(`${M('рекрутер')} и т.д… Опыт`);
    expect(tidyFragment(`${M('рекрутер')} и так далее…. Опыт`)).toBe(`${M('рекрутер')} и так далее… Опыт`);
  });

  it('leaves no punctuation at the edges, where the card puts «…»', () => {
    expect(tidyFragment(`. Старший ${M('менеджер')} — Рост аудитории в 2 раза.`)).toBe(
      `Старший ${M('менеджер')} — Рост аудитории в 2 раза`,
    );
    expect(tidyFragment(`, — ${M('Excel')}, 1С,`)).toBe(`${M('Excel')}, 1С`);
    expect(tidyFragment(`${M('Менеджер')}…`)).toBe(M('Менеджер'));
  });

  it('keeps a question, an exclamation, a decimal point and the text itself', () => {
    expect(tidyFragment(`Зачем ${M('продажи')}?`)).toBe(`Зачем ${M('продажи')}?`);
    expect(tidyFragment(`рост на 2.5 млн ${M('руб')}`)).toBe(`рост на 2.5 млн ${M('руб')}`);
  });
});
