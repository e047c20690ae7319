import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ACCOUNT_TYPES, type AccountType } from '@hr/contract';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { AppError } from './lib/app-error.ts';
import { acquireDataDirLock, DataDirBusyError } from './lib/data-dir-lock.ts';
import { seedDictionaries } from './modules/dictionary/dictionary.seed.ts';
import { runEducationCreate } from './modules/education/education.service.ts';
import { duration, formatCount, progressBar } from './modules/resume/generator/progress.ts';
import { seedDemoResumes } from './modules/resume/generator/seed.ts';
import { ImportFileError, importFormatOf, importResumes } from './modules/resume/import/import.service.ts';
import { accessMapOf } from './modules/user/user.policy.ts';
import { createUser, findUserByEmail, setAccountType, setUserFlags } from './modules/user/user.service.ts';
import { decideDemoAccounts } from './seed/demo-policy.ts';
import { seedDemoUsers } from './seed/demo-users.ts';

const USAGE = `Использование: npm run cli -- <команда> [параметры]

  user:create --email E --password P [--fio "Фамилия Имя"] [--type basic|resident|admin] [--flags a,b]
  user:flags  --email E [--set a,b] [--clear c,d]
  user:type   --email E --type basic|resident|admin
  seed        [--resumes N [--random-seed S]]
              демо-пользователи и справочники; с --resumes ещё N демо-резюме (тот же S — те же резюме:
              повторный запуск обновляет их, а не дублирует)
  import      FILE
              резюме из файла: выгрузка API hh.ru (.json — резюме, массив или {"items": […]}),
              JSON Lines (.jsonl, .ndjson) или CSV/таблица (.csv, колонки — src/modules/resume/
              import/README.md). В stderr — отклонённые строки («строка N: отклонена — причина») и
              загруженные с замечаниями (что пропущено или переведено из старых значений hh.ru);
              код выхода 0 — все резюме загружены, 3 — часть отклонена

Работает с той же базой, что и сервер: DATA_DIR (встроенная) или DATABASE_URL (PostgreSQL).`;

/** Every flag of every command: each takes a value (`--email E` or `--email=E`). */
const OPTIONS = Object.fromEntries(
  ['email', 'password', 'fio', 'type', 'flags', 'set', 'clear', 'resumes', 'random-seed', 'title', 'message', 'education-id'].map((name) => [
    name,
    { type: 'string' as const },
  ]),
);

/** The command and its flags (node:util parseArgs, strict): an unknown flag or one without its value is refused. */
function parseCommandLine(argv: string[]): { command?: string; opts: Record<string, string>; args: string[] } {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') return { command, opts: {}, args: [] };
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: rest, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    const code = (err as { code?: string }).code;
    const flag = /'(--?[^'\s]+)/.exec((err as Error).message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new CliError(`Неизвестный параметр: ${flag}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && /ambiguous/.test((err as Error).message))
      throw new CliError(`Значение, начинающееся с «-», пишите слитно: ${flag}=значение`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new CliError(`Параметру ${flag} нужно значение`);
    throw new CliError((err as Error).message);
  }
  const positionals = parsed.positionals;
  if (command !== 'import' && positionals.length) throw new CliError(`Непонятный аргумент: ${positionals[0]}`);
  const opts = Object.fromEntries(Object.entries(parsed.values).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return { command, opts, args: positionals };
}

class CliError extends Error {}

const list = (v?: string) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []);
const need = (opts: Record<string, string>, key: string) => {
  const v = opts[key];
  if (!v) throw new CliError(`Нужен параметр --${key}`);
  return v;
};
const count = (opts: Record<string, string>, key: string) => {
  const v = opts[key];
  if (v === undefined) return undefined;
  const n = Number(v.replace(/[_\s]/g, ''));
  if (!Number.isSafeInteger(n) || n < 1 || n > 50_000_000) throw new CliError(`--${key}: целое число от 1`);
  return n;
};
const accountType = (v: string): AccountType => {
  if (!(v in ACCOUNT_TYPES)) throw new CliError(`--type: одно из ${Object.keys(ACCOUNT_TYPES).join(', ')}`);
  return v as AccountType;
};

async function main(): Promise<number> {
  const { command, opts, args } = parseCommandLine(process.argv.slice(2));
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  // Checked before the database is opened: a typo costs nothing.
  const resumes = command === 'seed' ? count(opts, 'resumes') : undefined;
  if (command === 'seed' && opts['random-seed'] !== undefined && resumes === undefined) throw new CliError('--random-seed нужен вместе с --resumes N');
  const file = command === 'import' ? args[0] : undefined;
  if (command === 'import') {
    if (!file || args.length > 1) throw new CliError('Использование: npm run cli -- import FILE');
    try {
      importFormatOf(file);
    } catch (err) {
      throw new CliError((err as Error).message);
    }
    if (!existsSync(file)) throw new CliError(`Файл не найден: ${file}`);
  }
  const config = loadConfig();
  const embedded = !config.databaseUrl;
  const release = embedded ? acquireDataDirLock(config.dataDir, 'cli') : undefined;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    await seedDictionaries(database);
    const { db } = database;
    const userByEmail = async () => {
      const user = await findUserByEmail(db, need(opts, 'email'));
      if (!user) throw new CliError(`Пользователь ${opts.email} не найден`);
      return user;
    };
    switch (command) {
      case 'user:create': {
        const user = await createUser(db, {
          email: need(opts, 'email'),
          password: need(opts, 'password'),
          fio: opts.fio,
          accountType: accountType(opts.type ?? 'basic'),
          flags: list(opts.flags) as never,
        });
        console.log(`Создан пользователь #${user.id} ${user.email} (${ACCOUNT_TYPES[user.accountType]}), флаги: ${user.flags.join(', ') || 'нет'}`);
        return 0;
      }
      case 'user:flags': {
        const user = await setUserFlags(db, (await userByEmail()).id, list(opts.set), list(opts.clear));
        const on = Object.entries(accessMapOf(user)).filter(([k, v]) => v && k !== 'teamLead').map(([k]) => k);
        console.log(`${user.email}: ${on.join(', ') || 'нет флагов'}`);
        return 0;
      }
      case 'user:type': {
        const user = await setAccountType(db, (await userByEmail()).id, accountType(need(opts, 'type')));
        console.log(`${user.email}: ${ACCOUNT_TYPES[user.accountType]}`);
        return 0;
      }
      case 'seed': {
        // The same rule as at start: a published password only on a private site (seed/demo-policy.ts).
        const demo = decideDemoAccounts({ site: config, demoSeed: config.demoSeed, wanted: true });
        if (demo.create) {
          const logins = await seedDemoUsers(db);
          console.log('Справочники загружены. Демо-входы:');
          for (const d of logins) console.log(`  ${d.email} / ${d.password}  — ${d.role}`);
        } else console.log(`Справочники загружены. Демо-входы не созданы: ${demo.reason}`);
        if (resumes === undefined) return 0;
        // Ctrl+C stops the load cleanly (the indexes are rebuilt); a second Ctrl+C quits at once.
        const abort = new AbortController();
        process.once('SIGINT', () => {
          console.error('\nОстанавливаюсь: дописываю начатое и восстанавливаю индексы (ещё раз Ctrl+C — выйти сразу)…');
          abort.abort();
          process.once('SIGINT', () => process.exit(130));
        });
        const bar = progressBar();
        const seed = opts['random-seed'] ?? '1';
        const r = await seedDemoResumes(database, { count: resumes, seed, onProgress: bar.update, signal: abort.signal });
        bar.done();
        const rate = r.loadMs > 0 ? ((r.inserted + r.updated) / r.loadMs) * 1000 : 0;
        console.log(
          `Демо-резюме (seed ${seed}): ${formatCount(r.inserted + r.updated)} — новых ${formatCount(r.inserted)}, обновлено ${formatCount(r.updated)}` +
            `${r.aborted ? ' (остановлено)' : ''} за ${duration(r.ms)}: загрузка ${duration(r.loadMs)} (${formatCount(rate)} строк/с)` +
            `${r.rebuiltIndexes.length ? `, индексы ${duration(r.indexMs)} (${r.rebuiltIndexes.length})` : ''}, ANALYZE ${duration(r.analyzeMs)}`,
        );
        return r.aborted ? 130 : 0;
      }
      case 'education:create': {
        const educationId = Number(need(opts, 'education-id'));
        if (!Number.isInteger(educationId) || educationId <= 0) throw new CliError('--education-id: целое положительное число');
        const { id, notified } = await runEducationCreate({ database, config }, { title: need(opts, 'title'), message: need(opts, 'message'), educationId });
        console.log(`Анонс #${id} создан, уведомлено пользователей: ${notified}. Ссылка: /?e_notify=${id}`);
        return 0;
      }
      case 'import': {
        const path = file as string;
        let summary: Awaited<ReturnType<typeof importResumes>>;
        // Rows are lines of JSON Lines and CSV, and resumes in their order in an hh.ru JSON document.
        let row = 'строка';
        try {
          summary = await importResumes(database, path, {
            onDocument: () => {
              row = 'резюме';
            },
            onReject: (line, reason) => console.error(`${row} ${line}: отклонена — ${reason}`),
            onRowNotes: (line, notes) =>
              console.error(`${row} ${line}: загружена с замечаниями\n${notes.map((n) => `  - ${n}`).join('\n')}`),
            onWarning: (message) => console.error(message),
          });
        } catch (err) {
          if (err instanceof ImportFileError) throw new CliError(err.message);
          throw err;
        }
        console.log(
          `добавлено ${summary.imported}, обновлено ${summary.updated}, отклонено ${summary.rejected}, с замечаниями ${summary.noted}`,
        );
        return summary.rejected ? 3 : 0;
      }
      default:
        throw new CliError(`Неизвестная команда: ${command}\n\n${USAGE}`);
    }
  } finally {
    await database.close();
    release?.();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof CliError || err instanceof DataDirBusyError) console.error(err.message);
    else if (err instanceof AppError) {
      const details = err.extra.errors ? Object.entries(err.extra.errors).map(([f, m]) => `  ${f}: ${m.join('; ')}`).join('\n') : '';
      console.error(`${err.message}${details ? `\n${details}` : ''}`);
    } else console.error(err);
    process.exit(err instanceof CliError || err instanceof DataDirBusyError || err instanceof AppError ? 2 : 1);
  },
);
