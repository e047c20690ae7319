import { z } from 'zod';

/** Row ids are PostgreSQL integers: a bigger number names no row and must never reach the database. */
export const ROW_ID_MAX = 2_147_483_647;

/** A positive row id from a path, query or body (numbers as text accepted), with a Russian message. */
export const rowId = (error = 'Неверный идентификатор') =>
  z.coerce.number({ error }).int({ error }).positive({ error }).max(ROW_ID_MAX, { error });
