import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * `npm run cli -- import FILE` on real exports (test/fixtures/import): what an operator reads on the
 * terminal — the per-row refusals and notes on stderr, the totals on stdout, the exit code.
 */

const cliPath = path.join(import.meta.dirname, '../../../cli.ts');
const fixtures = path.join(import.meta.dirname, '../../../../test/fixtures/import');
const dir = mkdtempSync(path.join(tmpdir(), 'hr-import-cli-'));
const run = randomUUID().slice(0, 8);

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cliPath, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code: code ?? 1, out, err }));
  });
}

/** A fixture with this run's own ids (in PostgreSQL mode the database is shared with other files). */
function fixture(name: string): string {
  const text = readFileSync(path.join(fixtures, name), 'utf8').replace(/"id": "fixture/g, `"id": "${run}-fixture`);
  const p = path.join(dir, `${run}-${name}`);
  writeFileSync(p, text);
  return p;
}

const lastLine = (text: string) => text.trim().split('\n').at(-1);

describe('npm run cli -- import on real exports', () => {
  it('prints each row refused or kept with notes, in Russian, and the totals; exit 3 only when a row was refused', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-import-cli-data-'));
    const env: Record<string, string> = url ? { DATABASE_URL: url, DATA_DIR: dataDir } : { DATA_DIR: dataDir };

    // hh.ru's 2019 «Программист Python» example: was «imported 0, rejected 1».
    const python = await runCli(['import', fixture('hh-2019-python.json')], env);
    expect(lastLine(python.out)).toBe('добавлено 1, обновлено 0, отклонено 0, с замечаниями 1');
    expect(python.err).toContain('резюме 1: загружена с замечаниями\n');
    expect(python.err).toContain('  - language[0].level.id: «native» → «l1» (уровень из старого справочника hh.ru)\n');
    expect(python.err).toContain('  - contact[0]: «+71234567890» — неверный номер телефона');
    expect(python.err).not.toContain('отклонена');
    expect(python.code).toBe(0);

    const list = await runCli(['import', fixture('hh-2025-list.json')], env);
    expect(lastLine(list.out)).toBe('добавлено 2, обновлено 0, отклонено 1, с замечаниями 2');
    expect(list.err).toContain(
      'резюме 3: отклонена — first_name/last_name: нет ни имени, ни фамилии (hh.ru отдаёт их пустыми, пока контакты не открыты)',
    );
    expect(list.err).toContain(
      'резюме 2: загружена с замечаниями\n  - area: «Неизвестноград» — такого города нет в справочнике клуба, пропущено',
    );
    expect(list.err).toContain('  - skills: должно быть строкой, а не списком — пропущено');
    expect(list.err).not.toMatch(/обязательное поле|Expected|Unexpected/);
    expect(list.code).toBe(3);

    const broken = await runCli(['import', fixture('broken.json')], env);
    expect(broken.err.trim()).toBe(
      'резюме 1: отклонена — неверный JSON (строка 4, столбец 3): ожидалось имя поля в двойных кавычках — рядом «first_name:»',
    );
    expect(lastLine(broken.out)).toBe('добавлено 0, обновлено 0, отклонено 1, с замечаниями 0');
    expect(broken.code).toBe(3);

    // A spreadsheet: file-wide warnings first, then the rows.
    const sheet = await runCli(['import', fixture('spreadsheet.csv')], env);
    const lines = sheet.err.split('\n');
    expect(lines[0]).toBe('CSV: колонки не используются: Примечание');
    expect(sheet.err).toContain('строка 5: загружена с замечаниями\n  - birth_date: «31.02.1990» — не дата');
    expect(sheet.err).toContain('строка 6: отклонена — title: нет желаемой должности — без неё это не резюме');
    expect(lastLine(sheet.out)).toMatch(/^добавлено \d, обновлено \d, отклонено 1, с замечаниями 2$/);
    expect(sheet.code).toBe(3);
  }, 180_000);
});
