import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../../test/helpers.ts';
import { type Database, openDatabase } from '../../../db/client.ts';
import { importResumes } from './import.service.ts';
import { entryMonths, totalExperienceMonths } from './resume.record.ts';
import { readCsv } from './sources.ts';

const cliPath = path.join(import.meta.dirname, '../../../cli.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'hr-import-'));
/** Every run uses its own source ids: in PostgreSQL mode the database is shared with other files. */
const run = randomUUID().slice(0, 8);

function file(name: string, text: string): string {
  const p = path.join(dir, `${run}-${name}`);
  writeFileSync(p, text);
  return p;
}

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

function cliEnv(): Record<string, string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-import-cli-'));
  const url = process.env.TEST_DATABASE_URL;
  return url ? { DATABASE_URL: url, DATA_DIR: dataDir } : { DATA_DIR: dataDir };
}

const hh = (id: string, extra: Record<string, unknown> = {}) => ({
  id: `${run}-${id}`,
  last_name: 'Иванова',
  first_name: 'Мария',
  middle_name: 'Петровна',
  birth_date: '1990-04-12',
  gender: { id: 'female' },
  area: { id: '1', name: 'Москва' },
  metro: { id: '8.189' },
  title: 'Главный бухгалтер',
  salary: { amount: 150000, currency: 'RUR' },
  professional_roles: [{ id: '18' }],
  employments: [{ id: 'full' }],
  schedules: [{ id: 'fullDay' }, { id: 'remote' }],
  experience: [
    {
      company: 'ООО «Вектор»',
      position: 'Главный бухгалтер',
      start: '2019-03-01',
      end: null,
      description: 'Ведение учёта трёх юрлиц, сдача отчётности.',
      area: { name: 'Москва' },
    },
    { company: 'АО «Меридиан»', position: 'Бухгалтер', start: '2014-09-01', end: '2019-02-01', description: 'Участок банк-касса.' },
  ],
  education: {
    level: { id: 'higher' },
    primary: [
      { name: 'РЭУ им. Г. В. Плеханова', organization: 'Учётно-статистический факультет', result: 'Бухгалтерский учёт', year: 2012 },
    ],
  },
  skill_set: ['1С: Бухгалтерия', 'НДС', 'МСФО'],
  language: [
    { id: 'rus', name: 'Русский', level: { id: 'l1' } },
    { id: 'eng', name: 'Английский', level: { id: 'b1' } },
  ],
  contact: [
    { type: { id: 'cell' }, value: { formatted: '+7 (916) 123-45-67' }, preferred: true },
    { type: { id: 'email' }, value: 'M.Ivanova@example.com' },
  ],
  relocation: { type: { id: 'relocation_possible' }, area: [{ name: 'Санкт-Петербург' }, { id: '88' }] },
  business_trip_readiness: { id: 'sometimes' },
  driver_license_types: [{ id: 'B' }],
  has_vehicle: true,
  job_search_status: { id: 'active_search' },
  citizenship: [{ name: 'Россия' }],
  skills: 'Внимательная, ответственная.',
  ...extra,
});

type Row = {
  hash: string;
  source_id: string;
  title: string;
  first_name: string | null;
  sex: string | null;
  city_id: number | null;
  metro: string[];
  relocation_city_ids: number[];
  phone: string | null;
  email: string | null;
  total_experience_months: number;
  last_company: string | null;
  last_position: string | null;
  experience: { start: string; end: string | null }[];
  birth_date: string | null;
  languages: unknown;
  roles: string[];
};

async function rowsOf(database: Database, ids: string[]): Promise<Map<string, Row>> {
  const rows = await database.rows<Row>(sql`
    select hash, source_id, title, first_name, sex, city_id, metro, relocation_city_ids, phone, email, total_experience_months,
      last_company, last_position, experience, birth_date::text as birth_date, languages, roles
    from resumes where source = 'import' and source_id in ${ids}`);
  return new Map(rows.map((r) => [r.source_id, r]));
}

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

describe('JSON Lines import', () => {
  const lines = [
    JSON.stringify(hh('a')),
    JSON.stringify(hh('no-title', { title: '' })),
    JSON.stringify(hh('bad-date', { birth_date: '1990-02-30' })),
    JSON.stringify(hh('bad-gender', { gender: { id: 'x' } })),
    '',
    JSON.stringify(
      hh('b', {
        title: 'Бухгалтер-кассир',
        first_name: null,
        last_name: 'Петров',
        gender: { id: 'male' },
        area: { name: 'ростов-на-дону' },
        metro: null,
        relocation: null,
      }),
    ),
    JSON.stringify(hh('a', { title: 'Главный бухгалтер (холдинг)', salary: { amount: 180000, currency: 'RUR' } })),
    '{"id": broken',
    JSON.stringify(hh('no-name', { first_name: '', last_name: null })),
    JSON.stringify(hh('bad-exp', { experience: [{ company: 'X', position: 'Y', start: '2020-13-01', end: null }] })),
    JSON.stringify(hh('bad-city', { area: { name: 'Атлантида' } })),
    JSON.stringify(hh('bad-role', { professional_roles: [{ id: '99999' }], employments: [{ id: 'fulltime' }] })),
  ];
  const ids = ['a', 'b'].map((s) => `${run}-${s}`);

  it('writes every row that can be a resume, drops what is wrong with a note, refuses only rows without a title or a name', async () => {
    const rejects: string[] = [];
    const notes: string[] = [];
    const summary = await importResumes(database, file('resumes.jsonl', `${lines.join('\n')}\n`), {
      onReject: (line, reason) => rejects.push(`line ${line}: ${reason}`),
      onRowNotes: (line, list) => notes.push(...list.map((n) => `line ${line}: ${n}`)),
    });
    expect(summary).toEqual({ imported: 7, updated: 1, rejected: 3, noted: 5 });
    expect(rejects).toEqual([
      'line 2: title: нет желаемой должности — без неё это не резюме',
      'line 8: неверный JSON (строка 8, столбец 8): неожиданный символ (строки — в двойных кавычках, значения — true, false, null или число) — рядом «broken»',
      'line 9: first_name/last_name: нет ни имени, ни фамилии (hh.ru отдаёт их пустыми, пока контакты не открыты)',
    ]);
    expect(notes).toEqual([
      'line 3: birth_date: «1990-02-30» — не дата (нужно ГГГГ-ММ-ДД или ДД.ММ.ГГГГ), пропущено',
      'line 4: gender.id: «x» — неизвестное значение (male или female), пропущено',
      'line 10: experience[0].start: «2020-13-01» — нет даты начала или она неверна, место работы пропущено',
      'line 11: area: «Атлантида» — такого города нет в справочнике клуба, пропущено',
      'line 12: professional_roles[0].id: «99999» — неизвестное значение, пропущено',
      'line 12: employments[0].id: «fulltime» — неизвестное значение, пропущено',
    ]);
    const kept = await rowsOf(database, [`${run}-bad-role`, `${run}-bad-city`]);
    expect(kept.get(`${run}-bad-role`)?.roles).toEqual([]);
    expect(kept.get(`${run}-bad-city`)?.city_id).toBeNull();

    const rows = await rowsOf(database, ids);
    expect(rows.size).toBe(2);
    const a = rows.get(ids[0] as string) as Row;
    // The later line with the same id won.
    expect(a.title).toBe('Главный бухгалтер (холдинг)');
    expect(a.hash).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(a.sex).toBe('female');
    expect(a.city_id).toBe(1069);
    expect(a.metro).toEqual(['8.189']);
    expect(a.relocation_city_ids).toEqual([1070, 114]);
    expect(a.phone).toBe('9161234567');
    expect(a.email).toBe('m.ivanova@example.com');
    expect(a.roles).toEqual(['18']);
    expect(a.last_company).toBe('ООО «Вектор»');
    expect(a.last_position).toBe('Главный бухгалтер');
    expect(a.total_experience_months).toBe(totalExperienceMonths(a.experience));
    expect(a.total_experience_months).toBe(entryMonths({ start: '2019-03-01', end: null }) + 53);
    const b = rows.get(ids[1] as string) as Row;
    expect(b.first_name).toBeNull();
    expect(b.city_id).not.toBeNull();
    expect(b.metro).toEqual([]);

    // Searchable at once (the trigger), with Russian morphology.
    const found = await database.rows<{ source_id: string }>(sql`
      select source_id from resumes where source = 'import' and source_id in ${ids}
        and ts_all @@ plainto_tsquery('russian', 'бухгалтеров') order by source_id`);
    expect(found.map((r) => r.source_id)).toEqual(ids);
    const bySkill = await database.rows<{ source_id: string }>(sql`
      select source_id from resumes where source = 'import' and source_id in ${ids}
        and ts_all @@ plainto_tsquery('russian', 'холдинга') `);
    expect(bySkill.map((r) => r.source_id)).toEqual([ids[0]]);
    const byCompany = await database.rows<{ source_id: string }>(sql`
      select source_id from resumes where source = 'import' and source_id in ${ids}
        and ts_exp_company @@ plainto_tsquery('russian', 'меридиан')`);
    expect(byCompany.length).toBe(2);
  });

  it('re-importing the file updates, keeping the public hashes', async () => {
    const before = await rowsOf(database, ids);
    const summary = await importResumes(database, file('again.jsonl', lines.join('\n')));
    expect(summary).toEqual({ imported: 0, updated: 8, rejected: 3, noted: 5 });
    const after = await rowsOf(database, ids);
    for (const id of ids) expect(after.get(id)?.hash).toBe(before.get(id)?.hash);
    const [{ n } = { n: 0 }] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from resumes where source = 'import' and source_id like ${`${run}-%`}`,
    );
    expect(n).toBe(7);
  });

  it('batches of any size give the same result', async () => {
    const many = Array.from({ length: 23 }, (_, i) => JSON.stringify(hh(`m${i}`, { title: `Бухгалтер ${i}` })));
    many.splice(5, 0, JSON.stringify(hh('m3', { title: 'Бухгалтер 3 (повтор)' })));
    const summary = await importResumes(database, file('many.jsonl', many.join('\r\n')), { batchSize: 4 });
    expect(summary).toEqual({ imported: 23, updated: 1, rejected: 0, noted: 0 });
    const rows = await rowsOf(database, [`${run}-m3`]);
    expect(rows.get(`${run}-m3`)?.title).toBe('Бухгалтер 3 (повтор)');
  });
});

describe('what the report says of a row', () => {
  it('a field of the wrong type is noted and dropped, a number too («skills: 42»); a number id is an id', async () => {
    const notes: string[] = [];
    const id = Number.parseInt(run, 16);
    const summary = await importResumes(
      database,
      file('types.jsonl', `${JSON.stringify({ ...hh('types', { skills: 42, middle_name: 7 }), id })}\n`),
      { onRowNotes: (_, list) => notes.push(...list) },
    );
    expect(summary.noted).toBe(1);
    expect(notes).toEqual([
      'middle_name: должно быть строкой, а не числом — пропущено',
      'skills: должно быть строкой, а не числом — пропущено',
    ]);
    const [kept] = await database.rows<{ about: string | null; middle_name: string | null }>(
      sql`select about, middle_name from resumes where source = 'import' and source_id = ${String(id)}`,
    );
    expect(kept).toEqual({ about: null, middle_name: null });
  });

  it('a bad phone drops the contact with one level of brackets', async () => {
    const notes: string[] = [];
    const contact = [{ type: { id: 'cell' }, value: { formatted: '+71234567890' } }];
    await importResumes(database, file('phone.jsonl', `${JSON.stringify(hh('phone', { contact }))}\n`), {
      onRowNotes: (_, list) => notes.push(...list),
    });
    expect(notes).toEqual([
      'contact[0]: «+71234567890» — неверный номер телефона, контакт пропущен. Не российский номер: после +7 код начинается с 9 (мобильный) или с 3, 4, 8 (городской)',
    ]);
  });

  it('a .json file counts resumes, even when it is one resume on one line; a .jsonl counts lines', async () => {
    const one = `${JSON.stringify(hh('json-one', { birth_date: 'вчера' }))}\n`;
    for (const [name, document, at] of [
      ['one.json', true, 1],
      ['one.jsonl', false, 1],
    ] as const) {
      let byResume = false;
      const lines: number[] = [];
      await importResumes(database, file(name, name.endsWith('.jsonl') ? `\n${one}` : one), {
        onDocument: () => {
          byResume = true;
        },
        onRowNotes: (line) => lines.push(line),
      });
      expect(byResume).toBe(document);
      expect(lines).toEqual([document ? at : at + 1]);
    }
  });
});

describe('CSV import', () => {
  const header =
    'id,last_name,first_name,birth_date,gender,area,metro,title,salary,professional_roles,employments,schedules,skill_set,languages,experience,education_level,education,phone,email,telegram,has_vehicle,relocation_areas,about,extra_column';
  const exp = (company: string) =>
    `"[{""company"":""${company}"",""position"":""Водитель"",\n""start"":""2018-05"",""end"":""2021-04"",""description"":""Доставка грузов по городу, работа с накладными""}]"`;
  const csv = [
    header,
    `${run}-c1,Соколов,Иван,1985-11-03,male,Москва,2.125,Водитель-экспедитор,"90 000",21,full;part,fullDay,Вождение автомобиля;Знание города,eng:a2;deu:a1,${exp('ООО «Магистраль»')},special_secondary,Автотранспортный техникум | | Автомеханик | 2004,+7 916 765-43-21,ivan@example.com,@ivan_sokolov,да,Казань;Самара,"Стаж без аварий, ""категория C""",x`,
    `${run}-c2,Соколова,,1992-01-01,female,Новосибирск,,,,,,,,,,,,,,,,,,`,
    `${run}-c3,Орлов,Пётр,1992-13-01,male,Москва,,Логист,,67,,,,,,,,,,,,,,`,
    `${run}-c4,Орлов,Пётр,1992-01-01,man,Москва,,Логист,,67,,,,,,,,,,,,,,`,
    `${run}-c5,Орлова,Анна,1991-07-07,female,1,,Логист,120000,67,full,remote,ВЭД,eng:b2,,higher,,,,,нет,,,`,
    `${run}-c1,Соколов,Иван,1985-11-03,male,Москва,,Водитель категории C,95000,21,full,shift,,,${exp('ПЭК')},,,,,,,,,`,
  ];

  it('reads quoted fields, lists and JSON; reports bad rows by the line they start on', async () => {
    const rejects: string[] = [];
    const warnings: string[] = [];
    const notes: string[] = [];
    const summary = await importResumes(database, file('resumes.csv', `\ufeff${csv.join('\r\n')}\r\n`), {
      onReject: (line, reason) => rejects.push(`line ${line}: ${reason}`),
      onRowNotes: (line, list) => notes.push(...list.map((n) => `line ${line}: ${n}`)),
      onWarning: (m) => warnings.push(m),
    });
    expect(warnings).toEqual(['CSV: колонки не используются: extra_column']);
    // Row c1 spans lines 2–3 (a line break inside the quoted experience), so c2 starts on line 4.
    expect(rejects).toEqual(['line 4: title: нет желаемой должности — без неё это не резюме']);
    expect(notes).toEqual([
      'line 5: birth_date: «1992-13-01» — не дата (нужно ГГГГ-ММ-ДД или ДД.ММ.ГГГГ), пропущено',
      'line 6: gender.id: «man» — неизвестное значение (male или female), пропущено',
    ]);
    expect(summary).toEqual({ imported: 4, updated: 1, rejected: 1, noted: 2 });
    const rows = await database.rows<
      Row & { salary_amount: number; skills: string[]; telegram: string; has_car: boolean; about: string; education: unknown }
    >(sql`
      select source_id, title, salary_amount, skills, telegram, has_car, about, metro, city_id, relocation_city_ids, languages, education, phone, experience, total_experience_months
      from resumes where source = 'import' and source_id in ${[`${run}-c1`, `${run}-c5`]} order by source_id`);
    expect(rows.map((r) => r.title)).toEqual(['Водитель категории C', 'Логист']);
    const [c1, c5] = rows as [(typeof rows)[number], (typeof rows)[number]];
    expect(c1.salary_amount).toBe(95000);
    expect(c1.experience).toEqual([
      {
        company: 'ПЭК',
        position: 'Водитель',
        city: null,
        start: '2018-05-01',
        end: '2021-04-01',
        description: 'Доставка грузов по городу, работа с накладными',
      },
    ]);
    expect(c1.total_experience_months).toBe(35);
    expect(c5.city_id).toBe(1069);
    expect(c5.languages).toEqual([{ id: 'eng', name: 'Английский', level: 'b2' }]);
    expect(c5.has_car).toBe(false);

    const found = await database.rows<{ source_id: string }>(sql`
      select source_id from resumes where source = 'import' and source_id like ${`${run}-c%`}
        and ts_all @@ plainto_tsquery('russian', 'логистом') order by source_id`);
    expect(found.map((r) => r.source_id)).toEqual([`${run}-c3`, `${run}-c4`, `${run}-c5`]);
  });

  it('the first row (before the update) had all the columns', async () => {
    const one = [header, csv[1]].join('\n');
    await importResumes(database, file('one.csv', one));
    const [r] = await database.rows<{
      salary_amount: number;
      skills: string[];
      telegram: string;
      has_car: boolean;
      about: string;
      metro: string[];
      relocation_city_ids: number[];
      languages: unknown;
      education: unknown;
      phone: string;
      working_types: string[];
    }>(sql`
      select salary_amount, skills, telegram, has_car, about, metro, relocation_city_ids, languages, education, phone, working_types
      from resumes where source = 'import' and source_id = ${`${run}-c1`}`);
    expect(r).toMatchObject({
      salary_amount: 90000,
      skills: ['Вождение автомобиля', 'Знание города'],
      telegram: 'ivan_sokolov',
      has_car: true,
      about: 'Стаж без аварий, "категория C"',
      metro: ['2.125'],
      relocation_city_ids: [114, 846],
      phone: '9167654321',
      working_types: ['full', 'part'],
      languages: [
        { id: 'eng', name: 'Английский', level: 'a2' },
        { id: 'deu', name: 'Немецкий', level: 'a1' },
      ],
      education: [{ name: 'Автотранспортный техникум', organization: null, result: 'Автомеханик', year: 2004 }],
    });
  });

  it('parses RFC 4180 with either delimiter', async () => {
    const p = file('parse.csv', 'a;b;c\n1;"x;y";"he said ""hi"""\r\n2;"multi\nline";\n\n3;;last');
    const records: [number, string[]][] = [];
    for await (const r of readCsv(p)) records.push([r.line, r.value]);
    expect(records).toEqual([
      [1, ['a', 'b', 'c']],
      [2, ['1', 'x;y', 'he said "hi"']],
      [3, ['2', 'multi\nline', '']],
      [6, ['3', '', 'last']],
    ]);
  });
});

describe('import through the CLI', () => {
  it('prints the report and the summary; exit code 3 with rejected rows, 0 without', async () => {
    const env = cliEnv();
    const bad = file(
      'cli.jsonl',
      [
        JSON.stringify(hh('cli-1')),
        JSON.stringify(hh('cli-2', { title: ' ' })),
        JSON.stringify(hh('cli-3', { gender: { id: 'robot' } })),
      ].join('\n'),
    );
    const res = await runCli(['import', bad], env);
    expect(res.err).toContain('строка 2: отклонена — title: нет желаемой должности — без неё это не резюме');
    expect(res.err).toContain(
      'строка 3: загружена с замечаниями\n  - gender.id: «robot» — неизвестное значение (male или female), пропущено',
    );
    expect(res.out.trim().split('\n').at(-1)).toBe('добавлено 2, обновлено 0, отклонено 1, с замечаниями 1');
    expect(res.code).toBe(3);

    const good = file('cli.csv', `id,first_name,title\n${run}-cli-1,Мария,Главный бухгалтер\n${run}-cli-4,Олег,Курьер`);
    const ok = await runCli(['import', good], env);
    expect(ok.out.trim().split('\n').at(-1)).toBe('добавлено 1, обновлено 1, отклонено 0, с замечаниями 0');
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);

    const missing = await runCli(['import', path.join(dir, 'nope.csv')], env);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Файл не найден');
    const wrong = await runCli(['import', 'resumes.xml'], env);
    expect(wrong.code).toBe(2);

    // What the CLI wrote is in the database the server uses, and searchable.
    const db = process.env.TEST_DATABASE_URL ? database : await openDatabase({ dataDir: env.DATA_DIR });
    try {
      const found = await db.rows<{ source_id: string }>(sql`
        select source_id from resumes where source = 'import' and source_id like ${`${run}-cli-%`}
          and ts_all @@ plainto_tsquery('russian', 'бухгалтера')`);
      expect(found.map((r) => r.source_id).sort()).toEqual([`${run}-cli-1`, `${run}-cli-3`]);
    } finally {
      if (db !== database) await db.close();
    }
  }, 120_000);
});
