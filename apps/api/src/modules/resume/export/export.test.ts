import { inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../../app.ts';
import { createTestApp, registeredMember, TestClient } from '../../../../test/helpers.ts';
import { createResume, setFlags } from '../../../../test/factories.ts';

let built: BuiltApp;
const marker = `экспортзнак${Date.now().toString(36).replace(/\d/g, '')}`;
beforeAll(async () => {
  built = await createTestApp();
  for (let i = 0; i < 3; i++) await createResume(built.ctx.database, { title: `Логист ${marker} ${i}`, skills: [marker] });
});

/** The file names and texts inside a ZIP (our writer deflates every entry). */
function unzip(buf: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  let at = 0;
  while (buf.readUInt32LE(at) === 0x04034b50) {
    const size = buf.readUInt32LE(at + 18);
    const nameLength = buf.readUInt16LE(at + 26);
    const name = buf.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength;
    files.set(name, inflateRawSync(buf.subarray(start, start + size)).toString('utf8'));
    at = start + size;
  }
  return files;
}

describe('search export', () => {
  it('needs mass_search', async () => {
    expect((await new TestClient(built.app).get(`/api/resume/search/export?format=csv&text=${encodeURIComponent(marker)}`)).status).toBe(401);
    const m = await registeredMember(built.app);
    expect((await m.client.get(`/api/resume/search/export?format=csv&text=${encodeURIComponent(marker)}`)).status).toBe(403);
  });

  it('writes CSV and XLSX of the results, without contacts', async () => {
    const m = await registeredMember(built.app);
    await setFlags(built.ctx.database, m.email, ['mass_search']);
    const csv = await built.app.inject({ method: 'GET', url: `/api/resume/search/export?format=csv&text=${encodeURIComponent(marker)}`, headers: { cookie: [...m.client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ') } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="kandidaty-.*\.csv"/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toContain('Должность;Возраст;Пол;Город');
    expect(lines).toHaveLength(4);
    expect(csv.body).not.toContain('9161234567');
    expect(csv.body).not.toContain('alexey@example.ru');

    const xlsx = await built.app.inject({ method: 'GET', url: `/api/resume/search/export?format=xlsx&text=${encodeURIComponent(marker)}`, headers: { cookie: [...m.client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ') } });
    expect(xlsx.statusCode).toBe(200);
    const files = unzip(xlsx.rawPayload);
    expect([...files.keys()]).toContain('xl/worksheets/sheet1.xml');
    const sheet = files.get('xl/worksheets/sheet1.xml') ?? '';
    expect((sheet.match(/<row /g) ?? []).length).toBe(4);
    expect(sheet).toContain(`Логист ${marker}`);
    expect((await m.client.get('/api/resume/search/export?format=pdf')).status).toBe(422);
  });
});
