import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The client's pure logic (URL ↔ search state, masks, plurals, dates, money): node is enough, no DOM.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Days and «сегодня» are the reader's: one zone for every machine.
    env: { TZ: 'Europe/Moscow' },
  },
});
