/**
 * Query keys of the notifications: a push or a read invalidates `notifyKeys.all` (the list and the
 * bell). Kept free of the api files: the session code imports it on the first screen, and the list's
 * page helpers would bring the contract (and zod) with them.
 */
export const notifyKeys = {
  all: ['notify'] as const,
  list: (userId: number | undefined) => ['notify', 'list', userId ?? 0] as const,
  unreadCount: (userId: number | undefined) => ['notify', 'unread-count', userId ?? 0] as const,
};
