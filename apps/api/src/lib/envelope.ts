/**
 * The success envelope every route answers (PRODUCT 1): `{status: 'success', res, message?}`.
 * Routes build it with ok(); errors are AppError, turned into their envelope by the error handler.
 */
export type Success<T> = { status: 'success'; res: T; message?: string };

export function ok<T>(res: T, message?: string): Success<T> {
  return message === undefined ? { status: 'success', res } : { status: 'success', res, message };
}
