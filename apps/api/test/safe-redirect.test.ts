import { safeRedirectPath } from '@hr/contract/redirect';
import { describe, expect, it } from 'vitest';

// The client follows `?redirect=` after login only through this rule (apps/web navigation.ts).
const origin = 'https://hr-club.example';

describe('safeRedirectPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/resume/abc123?tab=contacts#top', '/resume/abc123?tab=contacts#top'],
    ['/?show=login_form', '/?show=login_form'],
    ['/search?q=HR%20менеджер', '/search?q=HR%20%D0%BC%D0%B5%D0%BD%D0%B5%D0%B4%D0%B6%D0%B5%D1%80'],
    ['/vacancy/1/reply/2', '/vacancy/1/reply/2'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeRedirectPath(value, origin)).toBe(expected);
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r\n/evil.com',
    '\t//evil.com',
    ' /profile',
    '/%0a/evil.com',
    '/%09/evil.com',
    '/%2F%2Fevil.com',
    '/%2fevil.com',
    '/%5Cevil.com',
    '/%E0%A4%A',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '/javascript:alert(1)'.slice(1),
    'https://evil.com/profile',
    'http:/evil.com',
    'evil.com',
    'profile',
    '',
    '/\u0000profile',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value, origin)).toBeNull();
  });

  it('refuses anything that is not a string', () => {
    for (const value of [null, undefined, 42, ['/profile'], { path: '/profile' }]) expect(safeRedirectPath(value, origin)).toBeNull();
  });
});
