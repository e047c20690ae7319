import type { resumes } from '../../../db/schema/index.ts';

type NewResume = typeof resumes.$inferInsert;

/**
 * The labelled set «Подходящие кандидаты» is measured on (matching-quality.test.ts): five vacancies
 * and the resumes of a small club, each pair judged by hand. A resume is relevant to a vacancy when
 * the person does that job (a recruiter for a recruiter's vacancy), wherever they live and however
 * long they have worked: city, experience and salary are preferences, not the profession. Every
 * resume not listed under a vacancy's `relevant` was judged not relevant to it.
 *
 * The distractors are what the old ranking put first: people of the vacancy's city and experience
 * whose title shares a word with it («менеджер», «подбор») — sales, office and account managers of
 * 22–24, a picker who «подбирает товар», a logistician who «подбирает перевозчиков».
 */

const MOSCOW = 1069;
const SPB = 1070;
const NSK = 722;
const EKB = 889;
const KAZAN = 114;
const OMSK = 736;

type Person = {
  title: string;
  skills: string[];
  city: number;
  /** Total experience, months. */
  months: number;
  age: number;
  salary?: number | null;
  /** Ready to move to these cities. */
  movesTo?: number[];
  roles?: string[];
};

/** The club: key → resume. Keys are what the judgements below name. */
export const PEOPLE: Record<string, Person> = {
  // Recruiters and people who recruit.
  recruiter: {
    title: 'Рекрутер',
    skills: ['Подбор персонала', 'Собеседования', 'Хантинг'],
    city: MOSCOW,
    months: 24,
    age: 27,
    salary: 110000,
    roles: ['118'],
  },
  itRecruiter: {
    title: 'IT-рекрутер',
    skills: ['IT-рекрутинг', 'Boolean search', 'Хантинг'],
    city: MOSCOW,
    months: 18,
    age: 26,
    salary: 140000,
  },
  selectionManager: {
    title: 'Менеджер по подбору персонала',
    skills: ['Подбор персонала', 'Массовый подбор'],
    city: MOSCOW,
    months: 30,
    age: 31,
    salary: 100000,
  },
  selectionSpecialist: {
    title: 'Специалист по подбору персонала',
    skills: ['Подбор персонала', 'Проведение собеседований'],
    city: MOSCOW,
    months: 60,
    age: 35,
    salary: 120000,
    roles: ['118'],
  },
  spbRecruiter: { title: 'Рекрутер', skills: ['Подбор персонала'], city: SPB, months: 20, age: 25, salary: 90000, movesTo: [MOSCOW] },
  hrSelection: {
    title: 'HR-менеджер (подбор)',
    skills: ['Рекрутинг', 'Адаптация персонала'],
    city: MOSCOW,
    months: 26,
    age: 29,
    salary: 115000,
  },
  sourcer: {
    title: 'Сорсер / ресёрчер',
    skills: ['Сорсинг', 'Boolean search', 'LinkedIn'],
    city: MOSCOW,
    months: 14,
    age: 24,
    salary: 90000,
  },
  seniorRecruiter: {
    title: 'Старший рекрутер',
    skills: ['Executive search', 'Хантинг'],
    city: MOSCOW,
    months: 90,
    age: 38,
    salary: 200000,
  },
  nskRecruiter: { title: 'Рекрутер', skills: ['Подбор персонала'], city: NSK, months: 24, age: 30, salary: 70000 },
  personnelManager: {
    title: 'Менеджер по персоналу',
    skills: ['Подбор персонала', 'Кадровое делопроизводство', 'Собеседования'],
    city: MOSCOW,
    months: 20,
    age: 28,
    salary: 95000,
    roles: ['69'],
  },
  recruitmentSpecialist: {
    title: 'Специалист по рекрутменту',
    skills: ['Рекрутмент', 'Телефонное интервью'],
    city: MOSCOW,
    months: 15,
    age: 23,
    salary: 80000,
  },
  recruiterAssistant: {
    title: 'Ассистент рекрутера',
    skills: ['Поиск резюме', 'Собеседования'],
    city: MOSCOW,
    months: 8,
    age: 22,
    salary: 60000,
  },

  // Moscow, 1–3 years, 22–24: what a recruiter's vacancy must not be filled with.
  salesManager: {
    title: 'Менеджер по продажам',
    skills: ['CRM', 'Холодные звонки', 'Переговоры'],
    city: MOSCOW,
    months: 24,
    age: 23,
    salary: 90000,
    roles: ['70'],
  },
  b2bSales: {
    title: 'Менеджер по продажам B2B',
    skills: ['Ведение переговоров', 'B2B продажи'],
    city: MOSCOW,
    months: 30,
    age: 24,
    salary: 100000,
  },
  officeManager: {
    title: 'Офис-менеджер',
    skills: ['Документооборот', 'Закупка канцелярии', 'Встреча гостей'],
    city: MOSCOW,
    months: 20,
    age: 22,
    salary: 60000,
  },
  accountManager: {
    title: 'Аккаунт-менеджер',
    skills: ['Работа с клиентами', 'Ведение переговоров', 'CRM'],
    city: MOSCOW,
    months: 16,
    age: 23,
    salary: 85000,
  },
  clientManager: {
    title: 'Менеджер по работе с клиентами',
    skills: ['Консультирование клиентов', 'CRM', 'Холодные звонки'],
    city: MOSCOW,
    months: 28,
    age: 24,
    salary: 80000,
  },
  picker: {
    title: 'Кладовщик-комплектовщик',
    skills: ['Подбор товара по накладным', 'Работа со сканером'],
    city: MOSCOW,
    months: 22,
    age: 22,
    salary: 60000,
  },
  projectManager: {
    title: 'Менеджер проектов',
    skills: ['Управление проектами', 'Jira'],
    city: MOSCOW,
    months: 30,
    age: 24,
    salary: 120000,
  },
  hrRecords: {
    title: 'Специалист по кадрам',
    skills: ['Кадровое делопроизводство', '1С:ЗУП'],
    city: MOSCOW,
    months: 26,
    age: 24,
    salary: 70000,
  },
  logistician: {
    title: 'Менеджер по логистике',
    skills: ['Подбор перевозчиков', 'Таможенное оформление'],
    city: MOSCOW,
    months: 18,
    age: 23,
    salary: 90000,
  },
  administrator: {
    title: 'Администратор',
    skills: ['Работа с посетителями', 'Кассовая дисциплина'],
    city: MOSCOW,
    months: 14,
    age: 22,
    salary: 55000,
  },
  shopAssistant: {
    title: 'Продавец-консультант',
    skills: ['Выкладка товара', 'Консультирование покупателей'],
    city: MOSCOW,
    months: 24,
    age: 22,
    salary: 50000,
  },
  smm: { title: 'SMM-менеджер', skills: ['Таргетированная реклама', 'Контент-план'], city: MOSCOW, months: 20, age: 23, salary: 80000 },

  // More sales people (for the sales vacancy).
  activeSales: {
    title: 'Менеджер активных продаж',
    skills: ['Холодные звонки', 'Продажи по телефону'],
    city: MOSCOW,
    months: 26,
    age: 27,
    salary: 90000,
  },
  ekbSales: { title: 'Менеджер по продажам', skills: ['CRM', 'Переговоры'], city: EKB, months: 30, age: 29, salary: 70000 },
  salesHead: {
    title: 'Руководитель отдела продаж',
    skills: ['Управление продажами', 'B2B продажи', 'CRM'],
    city: MOSCOW,
    months: 96,
    age: 36,
    salary: 220000,
  },
  seniorSales: {
    title: 'Менеджер по продажам',
    skills: ['Ключевые клиенты', 'Ведение переговоров'],
    city: MOSCOW,
    months: 80,
    age: 33,
    salary: 150000,
  },
  salesRep: {
    title: 'Торговый представитель',
    skills: ['Холодные звонки', 'Переговоры', 'Развитие территории'],
    city: MOSCOW,
    months: 40,
    age: 30,
    salary: 85000,
  },
  salesSpecialist: { title: 'Специалист по продажам', skills: ['Продажи B2B', 'CRM'], city: MOSCOW, months: 12, age: 25, salary: 75000 },

  // Developers and the ones next to them (Новосибирск, 3–6 years).
  pythonDev: {
    title: 'Python-разработчик',
    skills: ['Python', 'Django', 'PostgreSQL'],
    city: NSK,
    months: 48,
    age: 28,
    salary: 200000,
    roles: ['96'],
  },
  backendPython: {
    title: 'Backend-разработчик',
    skills: ['Python', 'FastAPI', 'PostgreSQL'],
    city: MOSCOW,
    months: 50,
    age: 29,
    salary: 250000,
    movesTo: [NSK],
  },
  pythonDeveloperEn: {
    title: 'Python developer',
    skills: ['Python', 'Flask', 'Docker'],
    city: MOSCOW,
    months: 40,
    age: 27,
    salary: 230000,
  },
  pythonDevRu: { title: 'Разработчик Python', skills: ['Python', 'Django'], city: NSK, months: 38, age: 26, salary: 180000 },
  leadPython: {
    title: 'Ведущий Python-разработчик',
    skills: ['Python', 'Django', 'Kubernetes'],
    city: MOSCOW,
    months: 100,
    age: 35,
    salary: 350000,
  },
  backendPythonNsk: {
    title: 'Backend-разработчик (Python)',
    skills: ['Python', 'PostgreSQL', 'Redis'],
    city: NSK,
    months: 44,
    age: 30,
    salary: 190000,
  },
  djangoDev: { title: 'Django-разработчик', skills: ['Django', 'Python', 'Celery'], city: KAZAN, months: 36, age: 27, salary: 160000 },
  fullstackPython: {
    title: 'Fullstack-разработчик',
    skills: ['Python', 'Django', 'React'],
    city: NSK,
    months: 42,
    age: 29,
    salary: 190000,
  },
  spbPythonProgrammer: { title: 'Программист Python', skills: ['Python', 'Asyncio'], city: SPB, months: 60, age: 31, salary: 220000 },
  omskPython: { title: 'Python-разработчик', skills: ['Python', 'Django REST framework'], city: OMSK, months: 30, age: 25, salary: 120000 },
  javaDev: { title: 'Java-разработчик', skills: ['Java', 'Spring', 'PostgreSQL'], city: NSK, months: 48, age: 29, salary: 210000 },
  frontendDev: {
    title: 'Frontend-разработчик',
    skills: ['JavaScript', 'React', 'TypeScript'],
    city: NSK,
    months: 40,
    age: 27,
    salary: 180000,
  },
  sysadmin: { title: 'Системный администратор', skills: ['Linux', 'PostgreSQL', 'Bash'], city: NSK, months: 50, age: 32, salary: 110000 },
  dataAnalyst: { title: 'Аналитик данных', skills: ['Python', 'SQL', 'Tableau'], city: NSK, months: 38, age: 28, salary: 150000 },
  qa: { title: 'Тестировщик', skills: ['Python', 'Selenium', 'Postman'], city: NSK, months: 40, age: 27, salary: 130000 },
  programmer1c: {
    title: 'Программист 1С',
    skills: ['1С:Предприятие', '1С: Бухгалтерия', 'SQL'],
    city: NSK,
    months: 45,
    age: 30,
    salary: 170000,
  },
  nskSales: { title: 'Менеджер по продажам', skills: ['CRM', 'Переговоры'], city: NSK, months: 44, age: 28, salary: 80000 },

  // Accountants and the ones next to them (Санкт-Петербург, over 6 years).
  accountant: {
    title: 'Бухгалтер',
    skills: ['1С: Бухгалтерия', 'НДС', 'Первичная документация'],
    city: SPB,
    months: 96,
    age: 41,
    salary: 90000,
    roles: ['18'],
  },
  chiefAccountant: {
    title: 'Главный бухгалтер',
    skills: ['1С: Бухгалтерия', 'Налоговая отчётность', 'МСФО'],
    city: SPB,
    months: 150,
    age: 48,
    salary: 160000,
  },
  payrollAccountant: {
    title: 'Бухгалтер по расчёту заработной платы',
    skills: ['1С:ЗУП', 'Расчёт заработной платы'],
    city: SPB,
    months: 80,
    age: 39,
    salary: 85000,
  },
  cashierAccountant: {
    title: 'Бухгалтер-кассир',
    skills: ['Кассовые операции', '1С: Бухгалтерия'],
    city: MOSCOW,
    months: 75,
    age: 37,
    salary: 80000,
  },
  deputyChief: {
    title: 'Заместитель главного бухгалтера',
    skills: ['НДС', 'Налоговый учёт'],
    city: SPB,
    months: 110,
    age: 44,
    salary: 130000,
  },
  primaryDocs: {
    title: 'Бухгалтер на первичную документацию',
    skills: ['Первичная документация', 'Сверка с контрагентами'],
    city: SPB,
    months: 40,
    age: 30,
    salary: 65000,
  },
  kazanAccountant: { title: 'Бухгалтер', skills: ['1С: Бухгалтерия', 'НДС'], city: KAZAN, months: 90, age: 42, salary: 60000 },
  leadAccountant: {
    title: 'Ведущий бухгалтер',
    skills: ['Первичная документация', 'НДС', 'Авансовые отчёты'],
    city: SPB,
    months: 100,
    age: 45,
    salary: 110000,
  },
  inventoryAccountant: {
    title: 'Бухгалтер по учёту ТМЦ',
    skills: ['Учёт ТМЦ', 'Инвентаризация'],
    city: SPB,
    months: 84,
    age: 40,
    salary: 80000,
  },
  movingChief: {
    title: 'Главный бухгалтер',
    skills: ['1С: Бухгалтерия', 'Бухгалтерская отчётность'],
    city: MOSCOW,
    months: 140,
    age: 50,
    salary: 180000,
    movesTo: [SPB],
  },
  economist: { title: 'Экономист', skills: ['Excel', 'Финансовый анализ', '1С'], city: SPB, months: 90, age: 40, salary: 90000 },
  bankTeller: {
    title: 'Кассир-операционист',
    skills: ['Кассовые операции', 'Валютные операции'],
    city: SPB,
    months: 80,
    age: 38,
    salary: 60000,
  },
  spbHrRecords: {
    title: 'Специалист по кадрам',
    skills: ['1С:ЗУП', 'Кадровое делопроизводство', 'Первичная документация'],
    city: SPB,
    months: 90,
    age: 43,
    salary: 75000,
  },
  spbSales: { title: 'Менеджер по продажам', skills: ['CRM', 'Переговоры'], city: SPB, months: 85, age: 34, salary: 90000 },
  financialAnalyst: {
    title: 'Финансовый аналитик',
    skills: ['Финансовое моделирование', 'Excel', 'МСФО'],
    city: SPB,
    months: 80,
    age: 33,
    salary: 150000,
  },
  spbOfficeManager: {
    title: 'Офис-менеджер',
    skills: ['Документооборот', 'Первичная документация'],
    city: SPB,
    months: 100,
    age: 39,
    salary: 60000,
  },

  // Office and administration (written after the ranking, for the held-out vacancy).
  officeAdmin: {
    title: 'Офис-менеджер / администратор',
    skills: ['Делопроизводство', 'Встреча посетителей'],
    city: MOSCOW,
    months: 30,
    age: 29,
    salary: 70000,
  },
  adminWorkManager: {
    title: 'Менеджер по административной работе',
    skills: ['АХО', 'Работа с арендодателем', 'Документооборот'],
    city: MOSCOW,
    months: 50,
    age: 34,
    salary: 90000,
  },
  kazanOfficeManager: {
    title: 'Офис-менеджер',
    skills: ['Заказ канцелярии', 'Работа с курьерскими службами'],
    city: KAZAN,
    months: 24,
    age: 26,
    salary: 45000,
  },
  officeAdministrator: {
    title: 'Администратор офиса',
    skills: ['Телефонные переговоры', 'Организация мероприятий'],
    city: MOSCOW,
    months: 20,
    age: 25,
    salary: 65000,
  },
  seniorOfficeManager: {
    title: 'Офис-менеджер',
    skills: ['Организация мероприятий', 'Закупки', 'Бюджет офиса'],
    city: MOSCOW,
    months: 60,
    age: 32,
    salary: 85000,
  },
  administrativeManager: {
    title: 'Административный менеджер',
    skills: ['Документооборот', 'Хозяйственное обеспечение'],
    city: MOSCOW,
    months: 28,
    age: 30,
    salary: 80000,
  },
  receptionOfficeManager: {
    title: 'Офис-менеджер (ресепшн)',
    skills: ['Прием звонков', 'Встреча гостей'],
    city: MOSCOW,
    months: 10,
    age: 22,
    salary: 55000,
  },
  spbOfficeManager2: {
    title: 'Менеджер офиса',
    skills: ['Документооборот', 'Закупки'],
    city: SPB,
    months: 36,
    age: 31,
    salary: 60000,
    movesTo: [MOSCOW],
  },
};

export type PersonKey = keyof typeof PEOPLE;

export type LabelledVacancy = {
  name: string;
  body: Record<string, unknown>;
  /** The resumes judged relevant; every other resume of PEOPLE was judged not relevant. */
  relevant: PersonKey[];
};

export const VACANCIES: LabelledVacancy[] = [
  {
    name: 'Менеджер по подбору персонала (IT), Москва',
    body: {
      title: 'Менеджер по подбору персонала (IT)',
      city: String(MOSCOW),
      experience: 'between1And3',
      skills: ['Подбор персонала', 'Хантинг', 'Собеседования'],
      salary_from: 90000,
      salary_to: 150000,
    },
    relevant: [
      'recruiter',
      'itRecruiter',
      'selectionManager',
      'selectionSpecialist',
      'spbRecruiter',
      'hrSelection',
      'sourcer',
      'seniorRecruiter',
      'nskRecruiter',
      'personnelManager',
      'recruitmentSpecialist',
      'recruiterAssistant',
    ],
  },
  {
    name: 'Менеджер по продажам B2B, Москва',
    body: {
      title: 'Менеджер по продажам B2B',
      city: String(MOSCOW),
      experience: 'between1And3',
      skills: ['Холодные звонки', 'CRM', 'Ведение переговоров'],
      role: '70',
      salary_from: 80000,
      salary_to: 130000,
    },
    relevant: [
      'salesManager',
      'b2bSales',
      'accountManager',
      'clientManager',
      'activeSales',
      'ekbSales',
      'salesHead',
      'seniorSales',
      'salesRep',
      'salesSpecialist',
      'nskSales',
      'spbSales',
    ],
  },
  {
    name: 'Python-разработчик, Новосибирск',
    body: {
      title: 'Python-разработчик',
      city: String(NSK),
      experience: 'between3And6',
      skills: ['Python', 'Django', 'PostgreSQL'],
      salary_from: 150000,
      salary_to: 220000,
    },
    relevant: [
      'pythonDev',
      'backendPython',
      'pythonDeveloperEn',
      'pythonDevRu',
      'leadPython',
      'backendPythonNsk',
      'djangoDev',
      'fullstackPython',
      'spbPythonProgrammer',
      'omskPython',
    ],
  },
  {
    name: 'Бухгалтер, Санкт-Петербург',
    body: {
      title: 'Бухгалтер',
      city: String(SPB),
      experience: 'moreThan6',
      skills: ['1С: Бухгалтерия', 'НДС', 'Первичная документация'],
      role: '18',
      salary_from: 70000,
      salary_to: 100000,
    },
    relevant: [
      'accountant',
      'chiefAccountant',
      'payrollAccountant',
      'cashierAccountant',
      'deputyChief',
      'primaryDocs',
      'kazanAccountant',
      'leadAccountant',
      'inventoryAccountant',
      'movingChief',
    ],
  },
  {
    // Held out: written after the ranking was, and not tuned for.
    name: 'Офис-менеджер, Москва (отложенная)',
    body: {
      title: 'Офис-менеджер',
      city: String(MOSCOW),
      experience: 'between1And3',
      skills: ['Документооборот', 'Организация мероприятий', 'Закупки'],
      salary_from: 60000,
      salary_to: 90000,
    },
    relevant: [
      'officeManager',
      'spbOfficeManager',
      'officeAdmin',
      'adminWorkManager',
      'kazanOfficeManager',
      'officeAdministrator',
      'seniorOfficeManager',
      'administrativeManager',
      'receptionOfficeManager',
      'spbOfficeManager2',
    ],
  },
];

/** A birth date `age` years before `today` (mid-year, so the age holds all year). */
function birthDate(age: number, today: Date): string {
  return `${today.getFullYear() - age - 1}-07-01`;
}

/** The resume row of a person of the set (names and contacts made up, deterministic). */
export function resumeOf(key: string, p: Person, today: Date): Partial<NewResume> {
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - p.months, 1)).toISOString().slice(0, 10);
  return {
    sourceId: `labelled-${key}`,
    title: p.title,
    skills: p.skills,
    cityId: p.city,
    relocation: p.movesTo ? 'relocation_possible' : 'no_relocation',
    relocationCityIds: p.movesTo ?? [],
    totalExperienceMonths: p.months,
    birthDate: birthDate(p.age, today),
    salaryAmount: p.salary ?? null,
    roles: p.roles ?? [],
    experience: [{ company: 'ООО «Ромашка»', position: p.title, start, end: null, description: p.skills.join(', ') }],
    lastCompany: 'ООО «Ромашка»',
    lastPosition: p.title,
  };
}
