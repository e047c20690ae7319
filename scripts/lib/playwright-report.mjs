// Reading Playwright's JSON report (`--reporter=json`) for `npm test`'s summary.

/**
 * Counts of one run and the names of the tests that passed only on a retry (status «flaky»: they
 * count as passed, and are listed by name so a retried test never hides in the total).
 * @param {any} report the parsed JSON report
 * @returns {{ passed: number, failed: number, skipped: number, flaky: string[] } | undefined}
 */
export function summarizePlaywrightReport(report) {
  const s = report?.stats;
  if (!s) return undefined;
  const flaky = [];
  const walk = (suite, titles) => {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'flaky') continue;
        const tries = (test.results ?? []).length;
        const project = test.projectName ? ` [${test.projectName}]` : '';
        flaky.push(`${[...path, spec.title].join(' › ')}${project}${tries > 1 ? ` (попыток: ${tries})` : ''}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0, flaky };
}

/**
 * The «Retried (flaky)» block of the final summary: one line per test, under the run it belongs to.
 * @param {{ title: string, names: string[] }[]} runs
 * @returns {string[]} no lines when nothing was retried
 */
export function flakySummaryLines(runs) {
  const withNames = runs.filter((r) => r.names.length > 0);
  if (withNames.length === 0) return [];
  const total = withNames.reduce((n, r) => n + r.names.length, 0);
  const lines = [`Retried (flaky): ${total} — прошли только со второй попытки, засчитаны как пройденные`];
  for (const run of withNames) {
    lines.push(`  ${run.title}:`);
    for (const name of run.names) lines.push(`    ${name}`);
  }
  return lines;
}
