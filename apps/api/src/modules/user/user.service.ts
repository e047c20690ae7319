import { type AccessFlag, ACCESS_FLAGS, type AccountType, consentVersion, MSG, normalizeEmail, phoneDigits } from '@hr/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError, fieldErrors } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { splitFio } from './user.names.ts';

export type NewUser = {
  email: string;
  password: string;
  fio?: string;
  phone?: string | null;
  telegramNickname?: string | null;
  company?: string | null;
  position?: string | null;
  cityName?: string | null;
  cityId?: number | null;
  companyPeopleCount?: string | null;
  professionArea?: string | null;
  accountType?: AccountType;
  flags?: AccessFlag[];
  residencyRequested?: boolean;
  hasConsultation?: boolean;
  /** Registration confirms the profile; the CLI's bare accounts are asked to. */
  confirmed?: boolean;
};

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** 422 per field when the e-mail or the phone already belongs to someone. */
export async function assertUnique(db: Db, email: string, phone: string | null): Promise<void> {
  const rows = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(sql`${users.email} = ${normalizeEmail(email)} or (${phone}::text is not null and ${users.phone} = ${phone})`);
  const errors: Record<string, string[]> = {};
  if (rows.some((r) => r.email === normalizeEmail(email))) errors.email = [MSG.emailTaken];
  if (phone && rows.some((r) => r.phone === phone)) errors.phone = [MSG.phoneTaken];
  if (Object.keys(errors).length) throw fieldErrors(errors);
}

export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const phone = input.phone ? phoneDigits(input.phone) : null;
  await assertUnique(db, input.email, phone);
  const names = splitFio(input.fio ?? '');
  try {
    const [row] = await db
      .insert(users)
      .values({
        email: normalizeEmail(input.email),
        phone,
        passwordHash: await hashPassword(input.password),
        ...names,
        telegramNickname: input.telegramNickname?.replace(/^@/, '') || null,
        company: input.company ?? null,
        position: input.position ?? null,
        cityName: input.cityName ?? null,
        cityId: input.cityId ?? null,
        companyPeopleCount: input.companyPeopleCount ?? null,
        professionArea: input.professionArea || null,
        accountType: input.accountType ?? 'basic',
        flags: normalizeFlags(input.flags ?? []),
        residencyRequested: input.residencyRequested ?? false,
        hasConsultation: input.hasConsultation ?? false,
        profileConfirmedAt: input.confirmed ? new Date() : null,
        consentVersion: input.confirmed ? consentVersion('registration') : null,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  } catch (err) {
    // Two registrations racing past assertUnique: the unique index decides, still a 422.
    if (isUniqueViolation(err)) await assertUnique(db, input.email, phone);
    throw err;
  }
}

export function normalizeFlags(flags: readonly string[]): AccessFlag[] {
  const known = new Set<string>(ACCESS_FLAGS);
  const unknown = flags.filter((f) => !known.has(f === 'teamLead' ? 'team_lead' : f));
  if (unknown.length) throw new AppError('validation', `Неизвестные флаги: ${unknown.join(', ')}`, { errors: { flags: [`Неизвестные флаги: ${unknown.join(', ')}`] } });
  return [...new Set(flags.map((f) => (f === 'teamLead' ? 'team_lead' : f)))] as AccessFlag[];
}

export async function setUserFlags(db: Db, userId: number, set: string[], clear: string[]): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('not_found', 'Пользователь не найден');
  const toSet = normalizeFlags(set);
  const toClear = new Set(normalizeFlags(clear));
  const next = [...new Set([...user.flags, ...toSet])].filter((f) => !toClear.has(f as AccessFlag));
  const [row] = await db.update(users).set({ flags: next, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  return row as UserRow;
}

export async function setAccountType(db: Db, userId: number, type: AccountType): Promise<UserRow> {
  const [row] = await db.update(users).set({ accountType: type, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  if (!row) throw new AppError('not_found', 'Пользователь не найден');
  return row;
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
