/** Query keys of the education announcements. */
export const educationKeys = {
  all: ['education'] as const,
  message: (id: number | null) => ['education', 'message', id ?? 0] as const,
  pending: (userId: number | undefined) => ['education', 'pending', userId ?? 0] as const,
};
