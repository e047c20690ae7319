import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registeredMember, type TestClient } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';

/** Test fixtures of the back office: a signed-in admin and members with their ids. */

export async function idOf(database: Database, email: string): Promise<number> {
  const [row] = await database.rows<{ id: number }>(sql`select id from users where email = ${email}`);
  if (!row) throw new Error(`no user ${email}`);
  return Number(row.id);
}

export async function memberOf(app: FastifyInstance, database: Database, overrides: Record<string, unknown> = {}) {
  const m = await registeredMember(app, overrides);
  return { ...m, id: await idOf(database, m.email) };
}

/** An admin made the way the CLI makes one (the type set in the database), then signed in again. */
export async function adminOf(app: FastifyInstance, database: Database) {
  const m = await memberOf(app, database);
  await database.rows(sql`update users set account_type = 'admin' where id = ${m.id}`);
  return m;
}

/** A multipart/form-data body with one file, as a browser sends it. */
export function multipartFile(name: string, data: Buffer | string, field = 'file') {
  const boundary = `----hr${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(client: TestClient, name: string, data: Buffer | string) {
  const { body, headers } = multipartFile(name, data);
  if (!client.xsrf) await client.csrf();
  return client.request('POST', '/api/admin/imports', body, { headers });
}

export async function auditRows(database: Database, action: string, objectId?: string | number) {
  return database.rows<{
    actor_id: number | null;
    object_type: string | null;
    object_id: string | null;
    ip: string | null;
    details: Record<string, unknown>;
  }>(
    objectId === undefined
      ? sql`select actor_id, object_type, object_id, ip, details from audit_log where action = ${action} order by id`
      : sql`select actor_id, object_type, object_id, ip, details from audit_log where action = ${action} and object_id = ${String(objectId)} order by id`,
  );
}
