import { ACCOUNT_TYPES, type AccountType } from '@hr/contract';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { AppError } from './lib/app-error.ts';
import { acquireDataDirLock, DataDirBusyError } from './lib/data-dir-lock.ts';
import { seedDictionaries } from './modules/dictionary/dictionary.seed.ts';
import { accessMapOf } from './modules/user/user.policy.ts';
import { createUser, findUserByEmail, setAccountType, setUserFlags } from './modules/user/user.service.ts';
import { seedDemoUsers } from './seed/demo-users.ts';

const USAGE = `Использование: npm run cli -- <команда> [параметры]

  user:create --email E --password P [--fio "Фамилия Имя"] [--type basic|resident|admin] [--flags a,b]
  user:flags  --email E [--set a,b] [--clear c,d]
  user:type   --email E --type basic|resident|admin
  seed        демо-пользователи и справочники

Работает с той же базой, что и сервер: DATA_DIR (встроенная) или DATABASE_URL (PostgreSQL).`;

function parseArgs(argv: string[]): { command?: string; opts: Record<string, string> } {
  const [command, ...rest] = argv;
  const opts: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    if (!arg.startsWith('--')) throw new CliError(`Непонятный аргумент: ${arg}`);
    const [key, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const value = inline ?? rest[i + 1];
    if (inline === undefined) i++;
    if (value === undefined || value.startsWith('--')) throw new CliError(`Параметру --${key} нужно значение`);
    opts[key] = value;
  }
  return { command, opts };
}

class CliError extends Error {}

const list = (v?: string) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []);
const need = (opts: Record<string, string>, key: string) => {
  const v = opts[key];
  if (!v) throw new CliError(`Нужен параметр --${key}`);
  return v;
};
const accountType = (v: string): AccountType => {
  if (!(v in ACCOUNT_TYPES)) throw new CliError(`--type: одно из ${Object.keys(ACCOUNT_TYPES).join(', ')}`);
  return v as AccountType;
};

async function main(): Promise<number> {
  const { command, opts } = parseArgs(process.argv.slice(2));
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 2;
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
        const logins = await seedDemoUsers(db);
        console.log('Справочники загружены. Демо-входы:');
        for (const d of logins) console.log(`  ${d.email} / ${d.password}  — ${d.role}`);
        return 0;
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
