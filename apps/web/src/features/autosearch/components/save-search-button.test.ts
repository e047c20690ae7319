import type { MainInfo } from '@hr/contract';
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/shared/session/session-store.ts';
import { SaveSearchButton } from './save-search-button.tsx';

const draw = () => renderToStaticMarkup(createElement(MantineProvider, null, createElement(SaveSearchButton, { query: 'text=python' })));

const member: MainInfo = {
  id: 5,
  name: 'Мария',
  family: 'Иванова',
  email: 'm@example.ru',
  account_type: 'resident',
  account_type_title: 'Резидент клуба',
  profile_incomplete: false,
  must_confirm_profile: false,
  telegram_enabled: false,
};

describe('«Сохранить поиск» on the search page', () => {
  afterEach(() => sessionStore.clear());

  it('is not there for a visitor (nor while the session is unknown)', () => {
    expect(sessionStore.get().status).toBe('unknown');
    expect(draw()).not.toContain('Сохранить поиск');
    sessionStore.clear();
    expect(draw()).not.toContain('Сохранить поиск');
  });

  it('is there for a member, named for screen readers on a phone too', () => {
    sessionStore.setUser(member);
    const html = draw();
    expect(html).toContain('Сохранить поиск');
    expect(html).toContain('aria-label="Сохранить поиск"');
  });
});
