import { ACCESS_FLAGS, type AccessFlag } from '@hr/contract';
import type { Db } from '../db/client.ts';
import { createUser, findUserByEmail } from '../modules/user/user.service.ts';

export const DEMO_PASSWORD = 'demo12345';

const DEMO_USERS = [
  {
    email: 'member@hr-club.demo',
    fio: 'Смирнова Анна Сергеевна',
    phone: '+7 (916) 123-45-67',
    accountType: 'resident' as const,
    flags: [...ACCESS_FLAGS].filter((f) => f !== 'not_reply_notify') as AccessFlag[],
    role: 'участник со всеми опциями',
  },
  { email: 'basic@hr-club.demo', fio: 'Кузнецов Павел Игоревич', phone: '+7 (925) 234-56-78', accountType: 'basic' as const, flags: [], role: 'базовый участник' },
  { email: 'admin@hr-club.demo', fio: 'Орлова Елена Викторовна', phone: '+7 (903) 345-67-89', accountType: 'admin' as const, flags: [], role: 'администратор' },
];

/** Demo accounts (idempotent). Returns the logins to print. */
export async function seedDemoUsers(db: Db): Promise<{ email: string; password: string; role: string }[]> {
  for (const u of DEMO_USERS) {
    if (await findUserByEmail(db, u.email)) continue;
    await createUser(db, {
      email: u.email,
      password: DEMO_PASSWORD,
      fio: u.fio,
      phone: u.phone,
      company: 'ООО «Демо»',
      position: 'HR-директор',
      cityName: 'Москва',
      companyPeopleCount: '151-500',
      professionArea: 'Подбор персонала',
      accountType: u.accountType,
      flags: u.flags,
      confirmed: true,
    });
  }
  return DEMO_USERS.map((u) => ({ email: u.email, password: DEMO_PASSWORD, role: u.role }));
}
