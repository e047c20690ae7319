import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { type ResumeRow, resumes, users } from '../src/db/schema/index.ts';
import { newResumeHash } from '../src/modules/resume/resume.hash.ts';

type NewResume = Partial<typeof resumes.$inferInsert>;

/** A resume written straight to the table, the way an import would. */
export async function createResume(database: Database, overrides: NewResume = {}): Promise<ResumeRow> {
  const [row] = await database.db
    .insert(resumes)
    .values({
      hash: newResumeHash(),
      source: 'import',
      sourceId: `test-${newResumeHash()}`,
      firstName: 'Алексей',
      lastName: 'Тестов',
      middleName: 'Викторович',
      birthDate: '1990-05-17',
      sex: 'male',
      cityId: 1069,
      title: 'Менеджер по продажам',
      salaryAmount: 120000,
      salaryCurrency: 'RUR',
      totalExperienceMonths: 60,
      experience: [{ company: 'ООО «Вектор»', position: 'Менеджер по продажам', start: '2020-01-01', end: null, description: 'Продажи B2B' }],
      lastCompany: 'ООО «Вектор»',
      lastPosition: 'Менеджер по продажам',
      skills: ['CRM', 'Переговоры'],
      phone: '9161234567',
      email: 'alexey@example.ru',
      telegram: 'alexey_t',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('resume not written');
  return row;
}

export async function setFlags(database: Database, email: string, flags: string[]): Promise<void> {
  await database.db.update(users).set({ flags }).where(eq(users.email, email));
}
