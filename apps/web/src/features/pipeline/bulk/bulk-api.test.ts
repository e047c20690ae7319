import { describe, expect, it } from 'vitest';
import { exportUrl } from './bulk-api.ts';

describe('exportUrl', () => {
  it('names the chosen replies when there are some, else the tab’s stage, else every reply', () => {
    expect(exportUrl(7, 'csv', { ids: [3, 1, 2], stageId: 5 })).toBe('/api/vacancy/7/reply/export?format=csv&ids=3%2C1%2C2');
    expect(exportUrl(7, 'xlsx', { stageId: 5 })).toBe('/api/vacancy/7/reply/export?format=xlsx&stage_id=5');
    expect(exportUrl(7, 'xlsx', { ids: [], stageId: null })).toBe('/api/vacancy/7/reply/export?format=xlsx');
  });
});
