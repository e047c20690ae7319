import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registeredMember, TestClient } from '../../../test/helpers.ts';
import { setFlags } from '../../../test/factories.ts';
import type { BuiltApp } from '../../app.ts';

let built: BuiltApp;
let vacancyId: number;

beforeAll(async () => {
  built = await createTestApp();
  const m = await registeredMember(built.app);
  await setFlags(built.ctx.database, m.email, ['has_vacancy']);
  const res = await m.client.post('/api/vacancy', {
    title: 'Бухгалтер',
    city: '1069',
    description: `<p>${'Ведение учёта и отчётности небольшой компании. '.repeat(5)}</p>`,
    status: 'published',
  });
  vacancyId = res.body.res.id;
});

/**
 * Parts without `Content-Disposition` (no header lines at all, or others), each `size` bytes: the
 * multipart parser skips such a part but stalls on one past its 16 KB buffer.
 */
function headerless(count: number, size: number, headers = '') {
  const boundary = 'xYzBoundary42';
  const chunks: Buffer[] = [];
  for (let i = 0; i < count; i++) chunks.push(Buffer.from(`--${boundary}\r\n${headers}\r\n`), Buffer.alloc(size, 0x61), Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('multipart parts without headers', () => {
  it('answers 422 at once, also when the parts are large', async () => {
    for (const [size, partHeaders] of [
      [1024, ''],
      [20 * 1024, ''],
      [200 * 1024, ''],
      [40 * 1024, 'X-Note: 1\r\n'],
    ] as const) {
      const client = new TestClient(built.app);
      await client.csrf();
      const { body, headers } = headerless(10, size, partHeaders);
      const res = await Promise.race([
        client.request('POST', `/api/vacancy/${vacancyId}/reply`, body, { headers }),
        new Promise<{ status: number }>((resolve) => setTimeout(() => resolve({ status: -1 }), 10_000)),
      ]);
      expect(res.status, `size ${size} ${partHeaders}`).toBe(422);
    }
  }, 60_000);
});
