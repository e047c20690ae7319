import { describe, expect, it } from 'vitest';
import { channelsText, newCountShort, newCountText, savedQueryOf, searchHref } from './autosearch-format.ts';
import { describeQuery, orderOf, suggestName } from './describe-query.ts';
import { teammatesOf } from './teammates.ts';
import { once } from './unsubscribe-once.ts';

const dictionaries = {
  search_city: [
    { value: '1', title: 'Москва' },
    { value: '2', title: 'Санкт-Петербург' },
    { value: '3', title: 'Казань' },
  ],
  roleTree: [{ value: 'c12', title: 'Управление персоналом', children: [{ value: '118', title: 'Специалист по подбору персонала' }] }],
  experience: [{ value: 'between1And3', title: 'От 1 года до 3 лет' }],
  searchOrderBy: [{ value: 'publication_time', title: 'по дате изменения' }],
};

describe('the new resumes of a saved search', () => {
  it('says the count in Russian plurals and «999+» past the cap', () => {
    expect(newCountText(1, false)).toBe('1 новое резюме');
    expect(newCountText(3, false)).toBe('3 новых резюме');
    expect(newCountText(11, false)).toBe('11 новых резюме');
    expect(newCountText(21, false)).toBe('21 новое резюме');
    expect(newCountText(0, false)).toBe('Новых резюме нет');
    expect(newCountText(999, true)).toBe('999+ новых резюме');
    expect(newCountShort(5, false)).toBe('новых: 5');
    expect(newCountShort(999, true)).toBe('новых: 999+');
    expect(newCountShort(0, false)).toBe('новых нет');
  });

  it('names the digest channels, Telegram only where the bot is set up', () => {
    expect(channelsText('daily', { email: true, telegram: true }, true)).toBe('на почту и в Telegram');
    expect(channelsText('daily', { email: true, telegram: true }, false)).toBe('на почту');
    expect(channelsText('instant', { email: false, telegram: false }, true)).toBeNull();
    expect(channelsText('off', { email: true, telegram: false }, true)).toBeNull();
  });
});

describe('the query a saved search keeps', () => {
  it('keeps every condition and the order, drops the page and the popups', () => {
    const kept = savedQueryOf(
      '?text=IT-рекрутер&search_city[]=1&search_city[]=2&searchOrderBy=publication_time&page=3&per_page=50&show=login_form',
    );
    const params = new URLSearchParams(kept);
    expect(params.get('text')).toBe('IT-рекрутер');
    expect(params.getAll('search_city[]')).toEqual(['1', '2']);
    expect(params.get('searchOrderBy')).toBe('publication_time');
    expect(params.has('page') || params.has('per_page') || params.has('show')).toBe(false);
    expect(kept).toContain('search_city[]=1');
  });

  it('opens in the search with its conditions', () => {
    expect(searchHref('text=python&search_city%5B%5D=1')).toBe('/?text=python&search_city[]=1');
    expect(searchHref('')).toBe('/');
  });
});

describe('a saved search in words', () => {
  it('says the words, the role, the cities and the experience, and counts the rest', () => {
    const parts = describeQuery(
      'text=IT-рекрутер&roleTree[]=118&search_city[]=1&search_city[]=2&search_city[]=3&experience[]=between1And3&salary_from=100000&sex=female&education[]=higher',
      dictionaries,
    );
    expect(parts).toEqual([
      '«IT-рекрутер»',
      'Специалист по подбору персонала',
      'Москва, Санкт-Петербург и ещё 1',
      'опыт: От 1 года до 3 лет',
      'зарплата от 100\u00a0000\u00a0₽',
      'ещё 2 условия',
    ]);
  });

  it('counts a condition whose value it cannot name instead of showing an id', () => {
    expect(describeQuery('search_city[]=999', dictionaries)).toEqual(['ещё 1 условие']);
    expect(describeQuery('', dictionaries)).toEqual([]);
    // Before the dictionaries come: the words alone, nothing miscounted.
    expect(describeQuery('text=python&search_city[]=1', {})).toEqual(['«python»']);
  });

  it('tells the order only when it is not the default', () => {
    expect(orderOf('text=a&searchOrderBy=publication_time', dictionaries)).toBe('по дате изменения');
    expect(orderOf('text=a', dictionaries)).toBeNull();
  });

  it('suggests a name from the words and the first city', () => {
    expect(suggestName('text=IT-рекрутер&search_city[]=1', dictionaries)).toBe('IT-рекрутер, Москва');
    expect(suggestName('roleTree[]=118&search_city[]=2', dictionaries)).toBe('Специалист по подбору персонала, Санкт-Петербург');
    expect(suggestName('', dictionaries)).toBe('Все резюме');
    expect(suggestName('text=рекрутер&search_city[]=1', dictionaries)).toBe('Рекрутер, Москва');
    expect(suggestName(`text=${'а'.repeat(150)}`, dictionaries)).toHaveLength(100);
  });
});

describe('sharing with the team', () => {
  it('offers the lead and the members, never the member themself', () => {
    const team = {
      teamLead: false,
      inviteUsers: [],
      reverseInviteUsers: [],
      lead: { id: 1, name: 'Анна', family: 'Лидова' },
      members: [
        { id: 2, name: 'Борис', family: 'Иванов' },
        { id: 3, name: 'Вера', family: 'Петрова' },
      ],
      outgoing: [],
    };
    expect(teammatesOf(team, 2)).toEqual([
      { id: 1, name: 'Лидова Анна' },
      { id: 3, name: 'Петрова Вера' },
    ]);
    expect(teammatesOf(undefined, 2)).toEqual([]);
  });
});

describe('the unsubscribe link', () => {
  it('is asked once per token however many times the page mounts', async () => {
    let calls = 0;
    const call = async (token: string) => {
      calls += 1;
      return { name: token };
    };
    const [a, b] = await Promise.all([once('t-1', call), once('t-1', call)]);
    expect(a).toEqual({ name: 't-1' });
    expect(b).toBe(a);
    expect(calls).toBe(1);
    await once('t-2', call);
    expect(calls).toBe(2);
  });
});
