/** Query keys of the back office: every write invalidates what it changed under `adminKeys.all`. */
export const adminKeys = {
  all: ['admin'] as const,
  users: (params: object) => ['admin', 'users', params] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  candidates: (q: string, page: number) => ['admin', 'candidates', q, page] as const,
  opinions: (state: string, page: number) => ['admin', 'opinions', state, page] as const,
  imports: (page: number) => ['admin', 'imports', page] as const,
  importJob: (id: number) => ['admin', 'import', id] as const,
  importReport: (id: number, page: number) => ['admin', 'import-report', id, page] as const,
  errorGroups: (page: number) => ['admin', 'client-error-groups', page] as const,
  mailFailures: (page: number) => ['admin', 'mail-failures', page] as const,
  audit: (params: object) => ['admin', 'audit', params] as const,
};
