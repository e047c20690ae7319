import type { SuccessBody } from '@hr/contract';

/**
 * The success envelope every route answers (PRODUCT 1): `{status: 'success', res, message?}`.
 * Routes build it with ok(); errors are AppError, turned into their envelope by the error handler.
 */
export function ok<T>(res: T, message?: string): SuccessBody<T> {
  return message === undefined ? { status: 'success', res } : { status: 'success', res, message };
}
