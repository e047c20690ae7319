import { z } from 'zod';

/** PRODUCT 1: every success is `{status: 'success', res, message?}`. */
export const success = <T extends z.ZodType>(res: T) =>
  z.object({ status: z.literal('success'), res, message: z.string().optional() });
export type SuccessBody<T> = { status: 'success'; res: T; message?: string };
/** `res` of an answer that carries only its message: `{}`. */
export const emptyAnswer = z.object({});
export type EmptyAnswer = z.infer<typeof emptyAnswer>;

export const errorBody = z.object({
  status: z.literal('error'),
  message: z.string(),
  title: z.string().optional(),
  type: z.enum(['warning', 'error', 'info']).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
/** 422 `errors`: the Russian messages by field name. */
export type FieldErrors = NonNullable<ErrorBody['errors']>;

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    per_page: z.number().int(),
    current_page: z.number().int(),
    last_page: z.number().int(),
    total: z.number().int(),
    data: z.array(item),
  });
export type Paginated<T> = { per_page: number; current_page: number; last_page: number; total: number; data: T[] };

export const messageOnly = z.object({ status: z.literal('success'), message: z.string().optional(), res: z.unknown().optional() });
