import { Readable } from 'node:stream';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { replyFileChunks, replyFiles } from '../db/schema/index.ts';

/**
 * Where uploaded files live. The PostgreSQL implementation below keeps them in the database, so
 * every instance serves them with no extra service; an S3 implementation would keep the same three
 * calls (the key is opaque to callers).
 */
export type FileStorage = {
  /** Writes the chunks as they come; a throw from the source leaves nothing behind. */
  put(chunks: AsyncIterable<Buffer>): Promise<{ key: string; size: number }>;
  /** The bytes as a stream, or null when there is no such (complete) file. */
  get(key: string): Promise<{ size: number; stream: Readable } | null>;
  delete(key: string): Promise<void>;
};

/** Rows of at most this many bytes: small enough to stream, big enough to be few. */
const CHUNK_BYTES = 1024 * 1024;

export function postgresFileStorage(database: Database): FileStorage {
  const { db } = database;
  const idOf = (key: string) => (/^\d{1,18}$/.test(key) ? Number(key) : null);

  return {
    async put(chunks) {
      const [file] = await db.insert(replyFiles).values({}).returning({ id: replyFiles.id });
      if (!file) throw new Error('file row not written');
      let seq = 0;
      let size = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (!pendingBytes) return;
        const data = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await db.insert(replyFileChunks).values({ fileId: file.id, seq: seq++, data });
      };
      try {
        for await (const chunk of chunks) {
          size += chunk.length;
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= CHUNK_BYTES) await flush();
        }
        await flush();
        await db.update(replyFiles).set({ size, complete: true }).where(eq(replyFiles.id, file.id));
      } catch (err) {
        await db.delete(replyFiles).where(eq(replyFiles.id, file.id));
        throw err;
      }
      return { key: String(file.id), size };
    },

    async get(key) {
      const id = idOf(key);
      if (id === null) return null;
      const [file] = await db
        .select({ size: replyFiles.size })
        .from(replyFiles)
        .where(and(eq(replyFiles.id, id), eq(replyFiles.complete, true)))
        .limit(1);
      if (!file) return null;
      // One chunk per read: memory stays at one chunk whatever the file's size.
      let next = 0;
      async function* read() {
        for (;;) {
          const [row] = await db
            .select({ seq: replyFileChunks.seq, data: replyFileChunks.data })
            .from(replyFileChunks)
            .where(and(eq(replyFileChunks.fileId, id as number), gt(replyFileChunks.seq, next - 1)))
            .orderBy(asc(replyFileChunks.seq))
            .limit(1);
          if (!row) return;
          next = row.seq + 1;
          yield Buffer.from(row.data);
        }
      }
      return { size: file.size, stream: Readable.from(read()) };
    },

    async delete(key) {
      const id = idOf(key);
      if (id !== null) await db.execute(sql`delete from ${replyFiles} where ${replyFiles.id} = ${id}`);
    },
  };
}
