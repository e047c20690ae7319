import type { SavedSearch } from '@hr/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AutosearchItem } from './autosearch-item.tsx';

const base: SavedSearch = {
  id: 7,
  name: 'IT-рекрутер, Москва',
  query: 'text=IT-рекрутер&search_city[]=1',
  frequency: 'daily',
  channels: { email: true, telegram: true },
  new_count: 3,
  new_count_capped: false,
  last_opened_at: '2026-11-20T09:00:00Z',
  created_at: '2026-11-01T09:00:00Z',
  shared_by: null,
  problem: null,
};

/** The item as the list draws it (text only: tags stripped, entities decoded). */
function text(search: SavedSearch, telegramEnabled = true): string {
  const html = renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(
          MemoryRouter,
          null,
          createElement(AutosearchItem, {
            search,
            conditions: ['«IT-рекрутер»', 'Москва'],
            telegramEnabled,
            onShare: () => {},
            onDelete: () => {},
            deleting: false,
          }),
        ),
      ),
    ),
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('a saved search in the list', () => {
  it('shows its name, conditions, new resumes, digest and the link that opens it', () => {
    const shown = text(base);
    expect(shown).toContain('IT-рекрутер, Москва');
    expect(shown).toContain('«IT-рекрутер» · Москва');
    expect(shown).toContain('новых: 3');
    expect(shown).toContain('Рассылка: раз в день, в 9:00 по Москве, на почту и в Telegram');
  });

  it('says «999+» when the count is capped, and nothing of Telegram where the bot is not set up', () => {
    const shown = text({ ...base, new_count: 999, new_count_capped: true }, false);
    expect(shown).toContain('новых: 999+');
    expect(shown).toContain('на почту');
    expect(shown).not.toContain('Telegram');
  });

  it('names who shared it and why it does not run', () => {
    const shown = text({
      ...base,
      new_count: 0,
      shared_by: { id: 3, fio: 'Петрова Вера' },
      problem: 'Поиск по нескольким городам доступен только с опцией «Массовый поиск и выгрузка»',
    });
    expect(shown).toContain('новых нет');
    expect(shown).toContain('Прислал(а) Петрова Вера');
    expect(shown).toContain('Поиск по нескольким городам доступен только с опцией «Массовый поиск и выгрузка»');
  });

  it('says when a digest has no channel, and nothing of channels when it is off', () => {
    expect(text({ ...base, channels: { email: false, telegram: false } })).toContain(
      'Рассылка: раз в день, в 9:00 по Москве, канал не выбран',
    );
    expect(text({ ...base, frequency: 'off' })).toContain('Рассылка: не присылать');
    expect(text({ ...base, frequency: 'off' })).not.toContain('на почту');
  });
});
