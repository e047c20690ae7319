import { storage } from '@/shared/lib/storage.ts';

/** The replies page shows the list or the board; each member's choice is kept in this browser. */
export type RepliesView = 'list' | 'board';

const key = (userId: number | undefined) => `hr:replies-view:${userId ?? 'guest'}`;

export const parseRepliesView = (raw: string | null): RepliesView => (raw === 'board' ? 'board' : 'list');

export const readRepliesView = (userId: number | undefined): RepliesView => parseRepliesView(storage.get(key(userId)));

export const saveRepliesView = (userId: number | undefined, view: RepliesView) => storage.set(key(userId), view);
