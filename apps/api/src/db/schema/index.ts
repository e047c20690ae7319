export * from './user.ts';
export * from './auth.ts';
export * from './queue.ts';
export * from './dictionary.ts';
export * from './errors.ts';
export * from './resume.ts';
export * from './cabinet.ts';
export * from './review.ts';
