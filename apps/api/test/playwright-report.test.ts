import { describe, expect, it } from 'vitest';
import { flakySummaryLines, summarizePlaywrightReport } from '../../../scripts/lib/playwright-report.mjs';

/** The shape of Playwright's `--reporter=json` output (trimmed to what the summary reads). */
const report = {
  suites: [
    {
      title: 'search.spec.ts',
      file: 'search.spec.ts',
      specs: [
        { title: 'поиск по городу', tests: [{ projectName: 'chromium', status: 'expected', results: [{ status: 'passed' }] }] },
        {
          title: 'фильтр по опыту',
          tests: [{ projectName: 'chromium', status: 'flaky', results: [{ status: 'failed' }, { status: 'passed' }] }],
        },
      ],
      suites: [
        {
          title: 'избранное',
          specs: [
            {
              title: 'добавляет резюме',
              tests: [{ projectName: 'chromium', status: 'flaky', results: [{ status: 'timedOut' }, { status: 'passed' }] }],
            },
            { title: 'падает всегда', tests: [{ projectName: 'chromium', status: 'unexpected', results: [{ status: 'failed' }, { status: 'failed' }] }] },
            { title: 'пропущен', tests: [{ projectName: 'chromium', status: 'skipped', results: [] }] },
          ],
        },
      ],
    },
  ],
  stats: { expected: 1, unexpected: 1, flaky: 2, skipped: 1 },
};

describe('npm test: the Playwright report', () => {
  it('counts a retried test as passed and names it', () => {
    const counts = summarizePlaywrightReport(report);
    expect(counts).toEqual({
      passed: 3,
      failed: 1,
      skipped: 1,
      flaky: [
        'search.spec.ts › фильтр по опыту [chromium] (попыток: 2)',
        'search.spec.ts › избранное › добавляет резюме [chromium] (попыток: 2)',
      ],
    });
  });

  it('prints the retried tests under «Retried (flaky)» per run, and nothing when none was retried', () => {
    const lines = flakySummaryLines([
      { title: 'browser journeys (embedded PGlite)', names: ['a.spec.ts › один [chromium] (попыток: 2)'] },
      { title: 'browser journeys (PostgreSQL + Redis)', names: [] },
    ]);
    expect(lines[0]).toMatch(/^Retried \(flaky\): 1/);
    expect(lines.slice(1)).toEqual(['  browser journeys (embedded PGlite):', '    a.spec.ts › один [chromium] (попыток: 2)']);
    expect(flakySummaryLines([{ title: 'x', names: [] }])).toEqual([]);
  });

  it('has no counts without stats (a report cut short)', () => {
    expect(summarizePlaywrightReport({})).toBeUndefined();
    expect(summarizePlaywrightReport(undefined)).toBeUndefined();
  });
});
