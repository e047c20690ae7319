import { MSG } from '@hr/contract';

export type AppErrorKind = 'validation' | 'unauthenticated' | 'csrf' | 'forbidden' | 'not_found' | 'too_many' | 'refused';

const STATUS: Record<AppErrorKind, number> = {
  validation: 422,
  unauthenticated: 401,
  csrf: 419,
  forbidden: 403,
  not_found: 404,
  too_many: 429,
  refused: 400,
};

/** The one error vocabulary: each kind maps to an HTTP status and a `{status: 'error', message}` answer in plugins/errors.ts. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly kind: AppErrorKind,
    message?: string,
    readonly extra: {
      errors?: Record<string, string[]>;
      retryAfterSeconds?: number;
      title?: string;
      type?: 'warning' | 'error' | 'info';
      status?: number;
    } = {},
  ) {
    super(message ?? defaultMessage(kind));
    this.status = extra.status ?? STATUS[kind];
  }
}

function defaultMessage(kind: AppErrorKind): string {
  switch (kind) {
    case 'validation':
      return MSG.validationFailed;
    case 'unauthenticated':
      return MSG.unauthenticated;
    case 'csrf':
      return MSG.csrfMismatch;
    case 'forbidden':
      return MSG.forbidden;
    case 'not_found':
      return MSG.notFound;
    case 'too_many':
      return MSG.tooManyAttempts(1);
    default:
      return MSG.somethingWrong;
  }
}

/** 422 with Russian messages per field. */
export const fieldError = (field: string, message: string) => new AppError('validation', message, { errors: { [field]: [message] } });
export const fieldErrors = (errors: Record<string, string[]>) =>
  new AppError('validation', Object.values(errors)[0]?.[0] ?? MSG.validationFailed, { errors });
