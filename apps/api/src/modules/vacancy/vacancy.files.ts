import type { AppContext } from '../../context.ts';
import { type FileStorage, postgresFileStorage } from './file-storage.ts';

const stores = new WeakMap<object, FileStorage>();

/** The storage of reply files for this app (PostgreSQL today; one place to choose another). */
export function fileStorage(ctx: Pick<AppContext, 'database'>): FileStorage {
  let store = stores.get(ctx.database);
  if (!store) {
    store = postgresFileStorage(ctx.database);
    stores.set(ctx.database, store);
  }
  return store;
}
