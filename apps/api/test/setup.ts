import { afterAll } from 'vitest';
import { closeFileResources } from './helpers.ts';
import { releaseBorrowedPglites } from './pglite-pool.ts';

// Runs before every test file, also when modules are shared across a worker's files (isolate: false):
// the hook belongs to this file, so whatever it opened is closed after it and its PGlite lent again.
afterAll(async () => {
  await closeFileResources();
  releaseBorrowedPglites();
});
