import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../../test/helpers.ts';
import type { Database } from '../../../db/client.ts';
import { type ImportSummary, importResumes } from './import.service.ts';

/*
 * Real exports, as other systems write them: hh.ru's API resume of 2016, the «Программист Python»
 * full resume of hh.ru's 2019 documentation, a 2025 list response, and a spreadsheet saved as CSV
 * by Excel. The fixtures (test/fixtures/import) follow hh.ru's documented fields with our own data.
 */

const fixtures = path.join(import.meta.dirname, '../../../../test/fixtures/import');
const dir = mkdtempSync(path.join(tmpdir(), 'hr-import-exports-'));
/** In PostgreSQL mode the database is shared with other files: every run gets its own resume ids. */
const run = randomUUID().slice(0, 8);

/** A fixture copied with its hh ids made this run's own. */
function fixture(name: string): string {
  const bytes = readFileSync(path.join(fixtures, name));
  const p = path.join(dir, `${run}-${name}`);
  // CSV sheets have no ids (and one is not UTF-8): copied byte for byte.
  writeFileSync(p, name.endsWith('.json') ? bytes.toString('utf8').replace(/"id": "fixture/g, `"id": "${run}-fixture`) : bytes);
  return p;
}

type Report = { summary: ImportSummary; rejects: string[]; notes: Map<number, string[]>; warnings: string[] };

async function importReport(database: Database, file: string): Promise<Report> {
  const rejects: string[] = [];
  const notes = new Map<number, string[]>();
  const warnings: string[] = [];
  const summary = await importResumes(database, file, {
    onReject: (line, reason) => rejects.push(`${line}: ${reason}`),
    onRowNotes: (line, list) => notes.set(line, list),
    onWarning: (m) => warnings.push(m),
  });
  return { summary, rejects, notes, warnings };
}

type Stored = {
  source_id: string;
  title: string;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  birth_date: string | null;
  sex: string | null;
  city_id: number | null;
  metro: string[];
  relocation: string;
  relocation_city_ids: number[];
  salary_amount: number | null;
  salary_currency: string | null;
  roles: string[];
  working_types: string[];
  schedules: string[];
  skills: string[];
  languages: { id: string; name: string; level: string }[];
  phone: string | null;
  email: string | null;
  about: string | null;
  experience: { company: string; position: string; start: string; end: string | null }[];
  education_level: string | null;
  drive: string[];
  updated_at: string;
};

async function stored(database: Database, where: ReturnType<typeof sql>): Promise<Stored[]> {
  return database.rows<Stored>(sql`
    select source_id, title, first_name, last_name, middle_name, birth_date::text as birth_date, sex, city_id, metro, relocation,
      relocation_city_ids, salary_amount, salary_currency, roles, working_types, schedules, skills, languages, phone, email, about,
      experience, education_level, drive, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as updated_at
    from resumes where source = 'import' and ${where} order by source_id`);
}

const MOSCOW = 1069;
const SAINT_PETERSBURG = 1070;

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

describe('hh.ru API exports of several years', () => {
  it('2016: a pretty-printed resume with the old language levels and specializations is kept, old values mapped', async () => {
    const report = await importReport(database, fixture('hh-2016-resume.json'));
    expect(report.summary).toEqual({ imported: 1, updated: 0, rejected: 0, noted: 1 });
    expect(report.notes.get(1)).toEqual([
      'specialization: 1 шт. — специализации hh.ru до 2021 года, у них нет однозначных профессиональных ролей, не перенесены',
      'language[0].level.id: «native» → «l1» (уровень из старого справочника hh.ru)',
      'language[1].level.id: «can_pass_interview» → «b2» (уровень из старого справочника hh.ru)',
      'language[2].level.id: «basic» → «a1» (уровень из старого справочника hh.ru)',
      'relocation.area[1]: «Россия» — такого города нет в справочнике клуба, пропущено',
    ]);
    const [r] = await stored(database, sql`source_id = ${`${run}-fixture2016a0b1c2d3e4f5061728394a5b6c7d8e9f`}`);
    expect(r).toMatchObject({
      title: 'Менеджер по персоналу',
      last_name: 'Кузнецова',
      first_name: 'Ольга',
      middle_name: 'Сергеевна',
      birth_date: '1985-09-14',
      sex: 'female',
      city_id: SAINT_PETERSBURG,
      relocation: 'relocation_possible',
      relocation_city_ids: [MOSCOW],
      salary_amount: 70000,
      salary_currency: 'RUR',
      roles: [],
      working_types: ['full'],
      schedules: ['fullDay', 'flexible'],
      skills: ['Подбор персонала', 'Кадровое делопроизводство', 'Адаптация персонала'],
      languages: [
        { id: 'rus', name: 'Русский', level: 'l1' },
        { id: 'fin', name: 'Финский', level: 'b2' },
        { id: 'eng', name: 'Английский', level: 'a1' },
      ],
      // {country, city, number} without `formatted`, as the old layout wrote a phone
      phone: '9213456789',
      email: 'o.kuznetsova@example.org',
      about: 'Провожу до 40 собеседований в месяц, знаю ТК РФ.',
      education_level: 'higher',
      drive: ['B'],
      // hh's «+0300» offsets are read as they are
      updated_at: '2016-11-23T15:02:41',
    });
    expect(r?.experience.map((e) => [e.company, e.start, e.end])).toEqual([
      ['ООО «Северная верфь-сервис»', '2011-03-01', null],
      ['ЗАО «Балтийский терминал»', '2007-08-01', '2011-02-01'],
    ]);
  });

  it('2019 «Программист Python»: imported, not refused — `native` becomes l1, the fake phone is dropped, the e-mail kept', async () => {
    const report = await importReport(database, fixture('hh-2019-python.json'));
    expect(report.rejects).toEqual([]);
    expect(report.summary).toEqual({ imported: 1, updated: 0, rejected: 0, noted: 1 });
    expect(report.notes.get(1)).toEqual([
      'JSON: лишняя запятая перед «]» или «}» — пропущена',
      'specialization: 2 шт. — специализации hh.ru до 2021 года, у них нет однозначных профессиональных ролей, не перенесены',
      'language[0].level.id: «native» → «l1» (уровень из старого справочника hh.ru)',
      'language[1].level.id: «can_read» → «b1» (уровень из старого справочника hh.ru)',
      'contact[0]: «+71234567890» — неверный номер телефона, контакт пропущен. Не российский номер: после +7 код начинается с 9 (мобильный) или с 3, 4, 8 (городской)',
    ]);
    const [r] = await stored(database, sql`source_id = ${`${run}-fixture2019ffeeddccbbaa99887766554433221100`}`);
    expect(r).toMatchObject({
      title: 'Программист Python',
      sex: 'male',
      city_id: MOSCOW,
      metro: ['6.41'],
      relocation_city_ids: [SAINT_PETERSBURG, expect.any(Number)],
      salary_amount: 100500,
      working_types: ['full', 'part'],
      languages: [
        { id: 'rus', name: 'Русский', level: 'l1' },
        { id: 'eng', name: 'Английский', level: 'b1' },
      ],
      phone: null,
      email: 'applicant@example.com',
      skills: ['Python', 'Django', 'PostgreSQL'],
    });
    expect(r?.relocation_city_ids).toHaveLength(2);
  });

  it('2025 list response: each item is a row; new employment/work formats mapped; a resume without a name refused', async () => {
    const report = await importReport(database, fixture('hh-2025-list.json'));
    expect(report.summary).toEqual({ imported: 2, updated: 0, rejected: 1, noted: 2 });
    // Rows of a document are numbered by their place in it.
    expect(report.rejects).toEqual([
      '3: first_name/last_name: нет ни имени, ни фамилии (hh.ru отдаёт их пустыми, пока контакты не открыты)',
    ]);
    expect(report.notes.get(1)).toEqual(['work_format[1].id: «HYBRID» — в клубе нет такого формата работы, пропущено']);
    expect(report.notes.get(2)).toEqual([
      'area: «Неизвестноград» — такого города нет в справочнике клуба, пропущено',
      'professional_roles[1].id: «100500» — неизвестное значение, пропущено',
      'employment_form[1].id: «SIDE_JOB» — в клубе нет такого типа занятости, пропущено',
      'language[0].level.id: «b5» — неизвестный уровень владения (a1…c2, l1), язык пропущен',
      'contact[0]: «+7 (999) 111-11-11» — неверный номер телефона, контакт пропущен. 7 одинаковых цифр подряд — проверьте номер',
      'contact[1]: «denis.orlov@example» — неверный адрес эл. почты, контакт пропущен',
      'skill_set: должно быть списком строк, а не строкой — пропущено',
      'skills: должно быть строкой, а не списком — пропущено',
      'updated_at: «вчера» — не дата и время, взято время загрузки',
    ]);
    const rows = await stored(database, sql`source_id like ${`${run}-fixture2025%`}`);
    expect(rows.map((r) => r.title)).toEqual(['Специалист по подбору персонала (IT)', 'Рекрутер']);
    const [anna, denis] = rows as [Stored, Stored];
    expect(anna).toMatchObject({
      roles: ['118'],
      working_types: ['full'],
      schedules: ['remote'],
      metro: ['8.189'],
      phone: '9165551234',
      languages: [
        { id: 'rus', name: 'Русский', level: 'l1' },
        { id: 'eng', name: 'Английский', level: 'b2' },
      ],
    });
    // The bad first phone is dropped and the second one kept; «90 000» in RUB is read as 90000 RUR.
    expect(denis).toMatchObject({
      city_id: null,
      roles: ['118'],
      working_types: ['part'],
      phone: '9037654321',
      email: null,
      salary_amount: 90000,
      salary_currency: 'RUR',
      skills: [],
      about: null,
      languages: [],
    });
  });

  it('the same list saved as the API sends it (all on one line) gives the same rows, one number each', async () => {
    const text = readFileSync(fixture('hh-2025-list.json'), 'utf8');
    const file = path.join(dir, `${run}-minified.json`);
    writeFileSync(file, JSON.stringify(JSON.parse(text)));
    const report = await importReport(database, file);
    expect(report.summary).toEqual({ imported: 0, updated: 2, rejected: 1, noted: 2 });
    expect([...report.notes.keys()]).toEqual([1, 2]);
    expect(report.rejects.map((r) => r.split(':')[0])).toEqual(['3']);
  });

  it('a broken JSON file is reported in Russian with the line and column where it breaks', async () => {
    const report = await importReport(database, fixture('broken.json'));
    expect(report.summary).toEqual({ imported: 0, updated: 0, rejected: 1, noted: 0 });
    expect(report.rejects).toEqual(['1: неверный JSON (строка 4, столбец 3): ожидалось имя поля в двойных кавычках — рядом «first_name:»']);
  });
});

describe('a spreadsheet saved as CSV by Excel', () => {
  it('reads «;», the BOM, Russian headings, multi-line cells and Russian dates; drops bad cells with a note; refuses a row without a title', async () => {
    const report = await importReport(database, fixture('spreadsheet.csv'));
    expect(report.warnings).toEqual([
      'CSV: колонки не используются: Примечание',
      'CSV: нет колонки id — при повторной загрузке резюме узнаётся по ФИО, дате рождения и должности',
    ]);
    // Row 1 spans lines 2–4 (the skills cell holds three lines).
    expect(report.rejects).toEqual(['6: title: нет желаемой должности — без неё это не резюме']);
    expect(report.summary.imported + report.summary.updated).toBe(3);
    expect(report.summary).toMatchObject({ rejected: 1, noted: 2 });
    expect(report.notes.has(2)).toBe(false);
    expect(report.notes.get(5)).toEqual([
      'birth_date: «31.02.1990» — не дата (нужно ГГГГ-ММ-ДД или ДД.ММ.ГГГГ), пропущено',
      'language[0].level.id: «fluent» → «c1» (уровень из старого справочника hh.ru)',
      'contact[0]: «8 (800) 000-00-00» — неверный номер телефона, контакт пропущен. 7 одинаковых цифр подряд — проверьте номер',
    ]);
    expect(report.notes.get(7)).toEqual([
      'experience: неверный JSON (в ячейке: строка 1, столбец 3): ожидалось имя поля в двойных кавычках — рядом «broken» — пропущено',
      'languages: «английский» — ожидается «язык:уровень», например «eng:b2», пропущено',
      'salary.amount: «шестьдесят тысяч» — не сумма в целых единицах, пропущено',
      'contact[1]: «artem@@example.ru» — неверный адрес эл. почты, контакт пропущен',
    ]);

    const rows = await stored(
      database,
      sql`last_name in ('Лебедева', 'Григорьев', 'Соловьёв') and title in ('Менеджер по персоналу', 'Рекрутер', 'Специалист по кадрам; кадровое делопроизводство')`,
    );
    const byName = new Map(rows.map((r) => [r.last_name, r]));
    expect(byName.get('Лебедева')).toMatchObject({
      first_name: 'Марина',
      middle_name: 'Игоревна',
      birth_date: '1988-11-03',
      sex: 'female',
      salary_amount: 120000,
      skills: ['Подбор персонала', 'Адаптация', 'Оценка персонала'],
      languages: [{ id: 'eng', name: 'Английский', level: 'b1' }],
      phone: '9172345678',
      email: 'm.lebedeva@example.ru',
      experience: [expect.objectContaining({ company: 'ООО «Татнефтесервис»', start: '2016-02-01', end: null })],
    });
    expect(byName.get('Лебедева')?.city_id).not.toBeNull();
    expect(byName.get('Григорьев')).toMatchObject({
      first_name: 'Павел',
      sex: 'male',
      birth_date: null,
      phone: null,
      email: 'pavel@example.ru',
      languages: [{ id: 'deu', name: 'Немецкий', level: 'c1' }],
    });
    expect(byName.get('Соловьёв')).toMatchObject({
      first_name: 'Артём',
      middle_name: 'Олегович',
      sex: 'male',
      salary_amount: null,
      skills: ['Кадровый учёт', '1С: ЗУП'],
      phone: '9160001122',
      email: null,
      experience: [],
    });

    // The rows have no id: the same file again updates them instead of adding copies.
    const again = await importReport(database, fixture('spreadsheet.csv'));
    expect(again.summary).toMatchObject({ imported: 0, updated: 3, rejected: 1 });
  });

  it('the same sheet saved in Windows-1251 (Excel on a Russian Windows) reads the same', async () => {
    const report = await importReport(database, fixture('spreadsheet-cp1251.csv'));
    expect(report.warnings[0]).toBe('CSV: файл не в UTF-8 — прочитан как Windows-1251 (так сохраняет Excel)');
    expect(report.warnings).toContain('CSV: колонки не используются: Примечание');
    expect(report.summary).toMatchObject({ rejected: 1, noted: 2 });
    expect(report.summary.imported + report.summary.updated).toBe(3);
    expect(report.notes.get(5)?.[0]).toBe('birth_date: «31.02.1990» — не дата (нужно ГГГГ-ММ-ДД или ДД.ММ.ГГГГ), пропущено');
    const [r] = await stored(database, sql`last_name = 'Лебедева' and first_name = 'Марина' and title = 'Менеджер по персоналу'`);
    expect(r?.skills).toEqual(['Подбор персонала', 'Адаптация', 'Оценка персонала']);
    expect(r?.experience[0]?.company).toBe('ООО «Татнефтесервис»');
  });
});
