/** What other features may use from the resumes (see apps/web/README.md, «Layout»). */
export { resumeKeys } from './lib/query-keys.ts';
