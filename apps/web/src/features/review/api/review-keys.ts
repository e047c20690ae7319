/** Every query of this feature starts with 'review': a push or a change reloads them together. */
export const reviewKeys = {
  all: ['review'] as const,
  resumeOpinions: (hash: string) => ['review', 'resume', hash] as const,
  mine: ['review', 'mine'] as const,
  myRequests: ['review', 'requests'] as const,
  opinion: (id: string) => ['review', 'opinion', id] as const,
  publicRequest: (id: string) => ['review', 'public', id] as const,
};
