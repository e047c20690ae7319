import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite lets one process own a data directory. The server and the CLI take this lock so
 * the second one stops with a clear message instead of corrupting the data.
 */
export function acquireDataDirLock(dataDir: string, owner: 'server' | 'cli'): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'owner.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, owner }), { flag: 'wx' });
      const release = () => rmSync(file, { force: true });
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const held = readHolder(file);
      if (held && isAlive(held.pid)) {
        const who = held.owner === 'server' ? 'Сервер' : 'Другая команда CLI';
        throw new DataDirBusyError(
          `${who} (pid ${held.pid}) уже работает с каталогом данных ${dataDir}. ` +
            'Встроенную базу открывает один процесс: остановите его и повторите, или укажите DATABASE_URL (PostgreSQL).',
        );
      }
      rmSync(file, { force: true }); // left behind by a crash
    }
  }
  throw new Error(`cannot lock ${file}`);
}

export class DataDirBusyError extends Error {}

function readHolder(file: string): { pid: number; owner: string } | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
