import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Rows of a raw statement inside a transaction (ctx.database.rows outside one). */
export const rowsIn = async <T>(tx: Db, q: SQL): Promise<T[]> => ((await tx.execute(q)) as unknown as { rows: T[] }).rows;
