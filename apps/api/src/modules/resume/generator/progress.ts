import type { SeedProgress } from './seed.ts';

const fmt = (n: number) =>
  Math.round(n)
    .toLocaleString('ru-RU')
    .replace(/\u00a0/g, ' ');

/** m:ss or h:mm:ss */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

const PHASES: Record<SeedProgress['phase'], string> = {
  'drop-indexes': 'снимаю индексы на время загрузки…',
  load: 'загрузка',
  indexes: 'строю индексы…',
  analyze: 'ANALYZE…',
};

/**
 * A progress bar on stderr: rows, rows/s, ETA. Redrawn in place on a terminal (at most 5 times a
 * second); a plain line every 10 s otherwise (logs, CI).
 */
export function progressBar(stream: NodeJS.WriteStream = process.stderr, label = 'Резюме') {
  const tty = !!stream.isTTY;
  let lastDraw = 0;
  let lastPhase = '';
  let loadStartedMs: number | undefined;
  let loadStartedDone = 0;
  let open = false;
  const draw = (line: string) => {
    if (tty) {
      stream.write(`\r${line}\u001b[K`);
      open = true;
    } else stream.write(`${line}\n`);
  };
  return {
    update(p: SeedProgress) {
      const now = p.elapsedMs;
      if (p.phase !== 'load') {
        if (p.phase !== lastPhase) {
          if (open) stream.write('\n');
          open = false;
          draw(`${label}: ${PHASES[p.phase]}`);
          if (tty) stream.write('\n');
          open = false;
        }
        lastPhase = p.phase;
        return;
      }
      if (lastPhase !== 'load') {
        loadStartedMs = now;
        loadStartedDone = p.done;
      }
      lastPhase = 'load';
      const finished = p.done >= p.total;
      if (!finished && now - lastDraw < (tty ? 200 : 10_000)) return;
      lastDraw = now;
      const elapsed = (now - (loadStartedMs ?? 0)) / 1000;
      const rate = elapsed > 0 ? (p.done - loadStartedDone) / elapsed : 0;
      const share = p.total ? p.done / p.total : 1;
      const width = 24;
      const filled = Math.round(share * width);
      const eta = rate > 0 ? duration(((p.total - p.done) / rate) * 1000) : '—';
      draw(
        `${label}: [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(Math.floor(share * 100)).padStart(3)}% ${fmt(p.done)} / ${fmt(p.total)} · ${fmt(rate)} строк/с · осталось ${eta}`,
      );
      if (finished && tty) {
        stream.write('\n');
        open = false;
      }
    },
    done() {
      if (open) stream.write('\n');
      open = false;
    },
  };
}

export const formatCount = fmt;
