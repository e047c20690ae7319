export type PlaywrightCounts = { passed: number; failed: number; skipped: number; flaky: string[] };
export function summarizePlaywrightReport(report: unknown): PlaywrightCounts | undefined;
export function flakySummaryLines(runs: { title: string; names: string[] }[]): string[];
