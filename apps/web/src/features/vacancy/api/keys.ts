/** Query keys of the vacancy feature: every write invalidates `vacancyKeys.all`. */
export const vacancyKeys = {
  all: ['vacancy'] as const,
  list: (status: string, page: number) => ['vacancy', 'list', status, page] as const,
  one: (id: number) => ['vacancy', 'one', id] as const,
  replies: (id: number, status: string, page: number) => ['vacancy', 'replies', id, status, page] as const,
  reply: (id: number, replyId: number) => ['vacancy', 'reply', id, replyId] as const,
  /** The pipeline of a vacancy: its stages and the board. */
  pipeline: (id: number) => ['vacancy', 'pipeline', id] as const,
  stages: (id: number) => ['vacancy', 'pipeline', id, 'stages'] as const,
  board: (id: number) => ['vacancy', 'pipeline', id, 'board'] as const,
  matches: (id: number, page: number) => ['vacancy', 'matches', id, page] as const,
  published: ['vacancy', 'published'] as const,
};
