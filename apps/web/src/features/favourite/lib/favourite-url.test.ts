import { describe, expect, it } from 'vitest';
import { exportHref, filterFromParams, paramsOf } from './favourite-url.ts';

describe('favourite list address', () => {
  it('reads the search text and the folder, ignoring a bad folder', () => {
    expect(filterFromParams(new URLSearchParams('q=%20рекрутер%20&folder=7&page=2'))).toEqual({ q: 'рекрутер', folder: 7 });
    expect(filterFromParams(new URLSearchParams('folder=abc'))).toEqual({ q: undefined, folder: undefined });
    expect(filterFromParams(new URLSearchParams('folder=-3&q='))).toEqual({ q: undefined, folder: undefined });
  });

  it('writes only what is set, and the export of the same filter without the page', () => {
    expect(paramsOf({ q: 'hr', folder: 3 }, 2)).toEqual({ q: 'hr', folder: '3', page: '2' });
    expect(paramsOf({}, 1)).toEqual({});
    expect(exportHref({ q: 'подбор персонала', folder: 3 }, 'xlsx')).toBe(
      '/api/favourite/export?format=xlsx&q=%D0%BF%D0%BE%D0%B4%D0%B1%D0%BE%D1%80+%D0%BF%D0%B5%D1%80%D1%81%D0%BE%D0%BD%D0%B0%D0%BB%D0%B0&folder=3',
    );
    expect(exportHref({}, 'csv')).toBe('/api/favourite/export?format=csv');
  });
});
