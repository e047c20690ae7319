import { describe, expect, it } from 'vitest';
import { visibleTree } from './roles-filter.tsx';

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

describe('the search filter «Профессиональная роль»', () => {
  it('finds the recruiter by «рекрут» and a category by a word beginning', () => {
    expect(visibleTree(tree, 'рекрут').map((c) => [c.value, (c.children ?? []).map((r) => r.value)])).toEqual([['c12', ['118']]]);
    expect(visibleTree(tree, 'обслуж').map((c) => c.value)).toEqual(['c1']);
    expect(visibleTree(tree, 'сонал')).toEqual([]);
  });
});
