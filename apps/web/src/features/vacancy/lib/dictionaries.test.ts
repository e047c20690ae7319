import type { ComboboxItem, ComboboxParsedItem } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { roleFilter, roleOptions } from './dictionaries.ts';

const tree = [
  {
    value: 'c12',
    title: 'Управление персоналом, тренинги',
    children: [
      { value: '69', title: 'Менеджер по персоналу' },
      { value: '118', title: 'Специалист по подбору персонала' },
    ],
  },
  {
    value: 'c1',
    title: 'Продажи, обслуживание клиентов',
    children: [{ value: '70', title: 'Менеджер по продажам, менеджер по работе с клиентами' }],
  },
  { value: 'c20', title: 'Туризм, гостиницы, рестораны', children: [{ value: '500', title: 'Ёлочный декоратор' }] },
];

const labels = (items: ComboboxParsedItem[]) =>
  items.flatMap((i) => ('group' in i ? i.items.map((x: ComboboxItem) => x.label) : [(i as ComboboxItem).label]));
const find = (search: string) => labels(roleFilter({ options: roleOptions(tree), search, limit: Number.POSITIVE_INFINITY }));

describe('the vacancy form role picker', () => {
  it('finds «Рекрутер» by «рекрут» and shows the name it was found by', () => {
    expect(find('рекрут')).toEqual(['Специалист по подбору персонала — рекрутер']);
    expect(find('РЕКРУТ')).toEqual(find('рекрут'));
  });

  it('finds a role by any word beginning, in any order, with «ё» as «е»', () => {
    expect(find('менедж подбор')).toEqual(['Специалист по подбору персонала — менеджер по подбору персонала']);
    expect(find('подбор')).toEqual(['Специалист по подбору персонала']);
    expect(find('клиент менедж')).toEqual(['Менеджер по продажам, менеджер по работе с клиентами']);
    expect(find('елоч')).toEqual(['Ёлочный декоратор']);
    expect(find('менеджер')).toEqual([
      'Менеджер по персоналу',
      'Специалист по подбору персонала — менеджер по подбору персонала',
      'Менеджер по продажам, менеджер по работе с клиентами',
    ]);
  });

  it('does not match the middle of a word and keeps the limit', () => {
    expect(find('бор')).toEqual([]);
    expect(labels(roleFilter({ options: roleOptions(tree), search: 'менеджер', limit: 1 }))).toHaveLength(1);
  });
});
