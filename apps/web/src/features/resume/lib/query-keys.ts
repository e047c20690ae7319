import { visitorResumeQueryKey } from '../api/get-resume-visitor.ts';
import { resumeQueryKey } from '../api/get-resume.ts';

/** Query keys of the resumes: `resumeKeys.one(hash)` is the resume page (its summary and «my opinion» too). */
export const resumeKeys = {
  all: ['resume'] as const,
  one: resumeQueryKey,
  visitor: visitorResumeQueryKey,
  popular: (page: number, perPage: number) => ['resume', 'popular', page, perPage] as const,
};
