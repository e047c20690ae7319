import type { ErrorBody, FieldErrors } from '@hr/contract';

export type { FieldErrors };

/** The contract's error body as it may arrive (any field missing, `status` any string). */
export type ErrorPayload = Partial<Omit<ErrorBody, 'status'>> & { status?: string };

/** A non-success answer: an HTTP error status, or a 200 whose `status` is not 'success'. */
export class ApiError extends Error {
  readonly status: number;
  readonly payload: ErrorPayload;

  constructor(status: number, payload: ErrorPayload) {
    super(payload.message || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.payload = payload;
  }

  get fieldErrors(): FieldErrors {
    return this.payload.errors ?? {};
  }
}

/** The request never got an answer (offline, server down). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Field errors joined by line breaks, as SEED 5 shows them under a field. */
export function joinErrors(messages: readonly string[] | undefined): string | undefined {
  if (!messages || messages.length === 0) return undefined;
  return messages.join('\n');
}

/** Every field error of an answer as one list (login shows them all under the e-mail field). */
export function allFieldMessages(errors: FieldErrors): string[] {
  return Object.values(errors).flat();
}
