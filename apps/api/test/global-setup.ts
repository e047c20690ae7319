import { openDatabase } from '../src/db/client.ts';

/** Against PostgreSQL the schema is migrated once; PGlite test databases migrate per file. */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  await database.close();
}
