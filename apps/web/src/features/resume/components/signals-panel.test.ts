import type { ResumeSignals } from '@hr/contract/signals';
import { MantineProvider } from '@mantine/core';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CardSignalsBadge } from './card-signals-badge.tsx';
import { SIGNALS_EMPTY_TEXT, SignalsView } from './signals-panel.tsx';

/** The component's text as a reader gets it (tags out, spaces folded). */
function text(element: ReactElement): string {
  const html = renderToStaticMarkup(createElement(MantineProvider, null, createElement(MemoryRouter, null, element)));
  return html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}
const html = (element: ReactElement) =>
  renderToStaticMarkup(createElement(MantineProvider, null, createElement(MemoryRouter, null, element)));

const none = { recommend: 0, neutral: 0, not_recommend: 0 };
const signals = (over: Partial<ResumeSignals>): ResumeSignals => ({ favourites: 0, invited_90d: 0, opinions: none, team: null, ...over });

describe('«Уже в работе у коллег» on a resume page', () => {
  it('says calmly that nobody worked with the candidate when nothing is known', () => {
    expect(text(createElement(SignalsView, { signals: signals({}) }))).toBe(SIGNALS_EMPTY_TEXT);
    const emptyTeam = { favourites: [], vacancies: [], opened: null };
    expect(text(createElement(SignalsView, { signals: signals({ team: emptyTeam }) }))).toBe(SIGNALS_EMPTY_TEXT);
  });

  it('gives the club counts without any company, and the team its names, vacancies and statuses', () => {
    const out = text(
      createElement(SignalsView, {
        signals: signals({
          favourites: 3,
          invited_90d: 2,
          opinions: { recommend: 1, neutral: 1, not_recommend: 0 },
          team: {
            favourites: [{ id: 7, fio: 'Иванова Анна Петровна', added_at: '2026-11-12T10:00:00+03:00' }],
            vacancies: [
              {
                vacancy: { id: 42, title: 'IT-рекрутер' },
                source: 'invite',
                status: 'invited',
                status_title: 'Приглашение',
                at: '2026-11-20T10:00:00+03:00',
                status_at: '2026-11-20T10:00:00+03:00',
              },
            ],
            opened: null,
          },
        }),
      }),
    );
    expect(out).toContain('в избранном у 3 участников');
    expect(out).toContain('приглашали на вакансию 2 компании за 90 дней');
    expect(out).toContain('отзывов: 2');
    expect(out).toContain('Иванова А. — 12 ноября');
    expect(out).toContain('«IT-рекрутер» Приглашение приглашён 20 ноября');
    expect(out).not.toContain(SIGNALS_EMPTY_TEXT);
    expect(out).not.toContain('Открывали в команде');
  });

  it("links a team vacancy to its replies and shows a lead who of the team opened the resume", () => {
    const answer = signals({
      team: {
        favourites: [],
        vacancies: [
          { vacancy: { id: 42, title: 'HR BP' }, source: 'reply', status: 'rejected', status_title: 'Отказ', at: '2026-11-02T10:00:00+03:00', status_at: '2026-11-05T10:00:00+03:00' },
        ],
        opened: [{ id: 9, fio: 'Петров Иван', opened_at: '2026-11-26T14:05:00+03:00' }],
      },
    });
    const markup = html(createElement(SignalsView, { signals: answer }));
    expect(markup).toContain('href="/vacancy/42/reply"');
    const out = text(createElement(SignalsView, { signals: answer }));
    expect(out).toContain('откликнулся 2 ноября, статус с 5 ноября');
    expect(out).toContain('Открывали в команде Петров И. — 26 ноября, 14:05');
    expect(out).not.toContain(SIGNALS_EMPTY_TEXT);
  });
});

describe('the badge on a search card', () => {
  it('names the colleagues or the team and carries the counts for a screen reader and a title', () => {
    const markup = html(createElement(CardSignalsBadge, { signals: { favourites: 2, invited_90d: 0, in_team: false } }));
    expect(markup).toContain('title="В избранном у 2');
    expect(text(createElement(CardSignalsBadge, { signals: { favourites: 2, invited_90d: 0, in_team: false } }))).toBe(
      'В работе у коллег : В избранном у 2 участников',
    );
    expect(text(createElement(CardSignalsBadge, { signals: { favourites: 0, invited_90d: 1, in_team: true } }))).toContain(
      'В работе у вашей команды',
    );
  });
});
