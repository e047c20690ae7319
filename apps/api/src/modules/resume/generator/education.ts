import type { EducationEntry } from '../../../db/schema/index.ts';
import { type Rng, Weighted } from './prng.ts';
import type { Field, Tier } from './roles.ts';

type UniKind = 'classic' | 'tech' | 'econ' | 'med' | 'ped' | 'law';
type University = [name: string, city: string, kinds: UniKind[]];

// biome-ignore format: a data table
const UNIVERSITIES: University[] = [
  ['МГУ им. М. В. Ломоносова', 'Москва', ['classic', 'econ', 'law', 'ped']],
  ['НИУ «Высшая школа экономики»', 'Москва', ['econ', 'classic', 'law', 'tech']],
  ['МГТУ им. Н. Э. Баумана', 'Москва', ['tech']],
  ['Финансовый университет при Правительстве РФ', 'Москва', ['econ', 'law']],
  ['РЭУ им. Г. В. Плеханова', 'Москва', ['econ']],
  ['РАНХиГС', 'Москва', ['econ', 'law', 'classic']],
  ['МФТИ', 'Москва', ['tech']],
  ['НИЯУ МИФИ', 'Москва', ['tech']],
  ['РУДН', 'Москва', ['classic', 'med', 'law', 'econ']],
  ['МГЮА им. О. Е. Кутафина', 'Москва', ['law']],
  ['Первый МГМУ им. И. М. Сеченова', 'Москва', ['med']],
  ['РНИМУ им. Н. И. Пирогова', 'Москва', ['med']],
  ['МПГУ', 'Москва', ['ped']],
  ['РГГУ', 'Москва', ['classic', 'ped']],
  ['МАИ', 'Москва', ['tech']],
  ['РТУ МИРЭА', 'Москва', ['tech']],
  ['Государственный университет управления', 'Москва', ['econ']],
  ['НИТУ МИСИС', 'Москва', ['tech']],
  ['СПбГУ', 'Санкт-Петербург', ['classic', 'econ', 'law', 'med']],
  ['Университет ИТМО', 'Санкт-Петербург', ['tech']],
  ['СПбПУ Петра Великого', 'Санкт-Петербург', ['tech', 'econ']],
  ['СПбГЭУ', 'Санкт-Петербург', ['econ', 'law']],
  ['РГПУ им. А. И. Герцена', 'Санкт-Петербург', ['ped', 'classic']],
  ['ПСПбГМУ им. И. П. Павлова', 'Санкт-Петербург', ['med']],
  ['СПбГЭТУ «ЛЭТИ»', 'Санкт-Петербург', ['tech']],
  ['СПбГАСУ', 'Санкт-Петербург', ['tech']],
  ['Новосибирский государственный университет', 'Новосибирск', ['classic', 'tech', 'econ']],
  ['НГТУ', 'Новосибирск', ['tech']],
  ['НГУЭУ', 'Новосибирск', ['econ', 'law']],
  ['Новосибирский государственный медицинский университет', 'Новосибирск', ['med']],
  ['УрФУ им. Б. Н. Ельцина', 'Екатеринбург', ['classic', 'tech', 'econ']],
  ['УрГЭУ', 'Екатеринбург', ['econ']],
  ['УГМУ', 'Екатеринбург', ['med']],
  ['Уральский государственный юридический университет', 'Екатеринбург', ['law']],
  ['Казанский федеральный университет', 'Казань', ['classic', 'econ', 'law', 'ped', 'med']],
  ['КНИТУ-КАИ им. А. Н. Туполева', 'Казань', ['tech']],
  ['Казанский ГМУ', 'Казань', ['med']],
  ['ННГУ им. Н. И. Лобачевского', 'Нижний Новгород', ['classic', 'econ', 'law', 'tech']],
  ['НГТУ им. Р. Е. Алексеева', 'Нижний Новгород', ['tech']],
  ['ПИМУ', 'Нижний Новгород', ['med']],
  ['Самарский университет им. С. П. Королёва', 'Самара', ['classic', 'tech', 'econ']],
  ['СамГТУ', 'Самара', ['tech']],
  ['СамГМУ', 'Самара', ['med']],
  ['Томский государственный университет', 'Томск', ['classic', 'econ', 'law']],
  ['Томский политехнический университет', 'Томск', ['tech']],
  ['Сибирский государственный медицинский университет', 'Томск', ['med']],
  ['Южный федеральный университет', 'Ростов-на-Дону', ['classic', 'econ', 'tech', 'ped']],
  ['РГЭУ (РИНХ)', 'Ростов-на-Дону', ['econ', 'law']],
  ['Ростовский ГМУ', 'Ростов-на-Дону', ['med']],
  ['Кубанский государственный университет', 'Краснодар', ['classic', 'econ', 'law', 'ped']],
  ['КубГТУ', 'Краснодар', ['tech']],
  ['Кубанский ГМУ', 'Краснодар', ['med']],
  ['Дальневосточный федеральный университет', 'Владивосток', ['classic', 'tech', 'econ', 'med']],
  ['Сибирский федеральный университет', 'Красноярск', ['classic', 'tech', 'econ', 'law']],
  ['Воронежский государственный университет', 'Воронеж', ['classic', 'econ', 'law', 'ped']],
  ['ВГМУ им. Н. Н. Бурденко', 'Воронеж', ['med']],
  ['ЮУрГУ', 'Челябинск', ['tech', 'econ', 'classic']],
  ['ПГНИУ', 'Пермь', ['classic', 'econ', 'law']],
  ['ПНИПУ', 'Пермь', ['tech']],
  ['Уфимский университет науки и технологий', 'Уфа', ['classic', 'tech', 'econ']],
  ['УГНТУ', 'Уфа', ['tech']],
  ['Башкирский ГМУ', 'Уфа', ['med']],
  ['ОмГТУ', 'Омск', ['tech']],
  ['ОмГУ им. Ф. М. Достоевского', 'Омск', ['classic', 'law', 'econ']],
  ['ВолгГТУ', 'Волгоград', ['tech']],
  ['Волгоградский государственный университет', 'Волгоград', ['classic', 'econ', 'law']],
  ['СГУ им. Н. Г. Чернышевского', 'Саратов', ['classic', 'ped']],
  ['Тюменский государственный университет', 'Тюмень', ['classic', 'econ', 'law']],
  ['Иркутский государственный университет', 'Иркутск', ['classic', 'law', 'econ']],
  ['ЯрГУ им. П. Г. Демидова', 'Ярославль', ['classic', 'econ']],
  ['БФУ им. И. Канта', 'Калининград', ['classic', 'econ', 'law', 'med']],
  ['Алтайский государственный университет', 'Барнаул', ['classic', 'econ', 'law']],
  ['Ижевский государственный технический университет', 'Ижевск', ['tech']],
  ['Удмуртский государственный университет', 'Ижевск', ['classic', 'econ', 'ped']],
  ['Ульяновский государственный университет', 'Ульяновск', ['classic', 'med', 'econ']],
  ['Тульский государственный университет', 'Тула', ['tech', 'classic']],
  ['Московский городской педагогический университет', 'Москва', ['ped']],
  ['Российский государственный социальный университет', 'Москва', ['classic', 'ped', 'econ']],
  ['Университет «Синергия»', 'Москва', ['econ', 'classic']],
];

const KINDS_BY_FIELD: Record<Field, UniKind[]> = {
  it: ['tech', 'classic'],
  economics: ['econ', 'classic'],
  law: ['law', 'classic'],
  medicine: ['med'],
  pedagogy: ['ped', 'classic'],
  engineering: ['tech'],
  management: ['econ', 'classic'],
  marketing: ['econ', 'classic'],
  trade: ['econ', 'classic', 'tech'],
  vocational: ['tech', 'classic'],
  humanities: ['classic', 'ped'],
};

const SPECIALTIES: Record<Field, string[]> = {
  it: [
    'Прикладная информатика',
    'Информатика и вычислительная техника',
    'Программная инженерия',
    'Информационные системы и технологии',
    'Прикладная математика и информатика',
    'Информационная безопасность',
  ],
  economics: ['Экономика', 'Бухгалтерский учёт, анализ и аудит', 'Финансы и кредит', 'Экономика предприятия', 'Мировая экономика'],
  law: ['Юриспруденция', 'Гражданское право', 'Уголовное право'],
  medicine: ['Лечебное дело', 'Стоматология', 'Педиатрия', 'Фармация'],
  pedagogy: ['Педагогическое образование', 'Иностранный язык', 'Дошкольное образование', 'Физическая культура', 'Математика и информатика'],
  engineering: [
    'Строительство',
    'Промышленное и гражданское строительство',
    'Машиностроение',
    'Электроэнергетика и электротехника',
    'Технология продукции общественного питания',
    'Теплогазоснабжение и вентиляция',
  ],
  management: ['Менеджмент', 'Управление персоналом', 'Государственное и муниципальное управление', 'Психология'],
  marketing: ['Маркетинг', 'Реклама и связи с общественностью', 'Журналистика', 'Дизайн'],
  trade: ['Менеджмент', 'Торговое дело', 'Маркетинг', 'Экономика', 'Товароведение'],
  vocational: ['Менеджмент', 'Экономика', 'Технология машиностроения', 'Юриспруденция'],
  humanities: ['Лингвистика', 'Филология', 'Психология', 'Журналистика', 'История'],
};

const FACULTIES: Record<Field, string[]> = {
  it: ['Факультет информационных технологий', 'Факультет прикладной математики', 'Институт информатики и вычислительной техники'],
  economics: ['Экономический факультет', 'Финансовый факультет', 'Институт экономики и управления'],
  law: ['Юридический факультет', 'Институт права'],
  medicine: ['Лечебный факультет', 'Стоматологический факультет', 'Педиатрический факультет', 'Фармацевтический факультет'],
  pedagogy: ['Педагогический факультет', 'Факультет иностранных языков', 'Институт детства'],
  engineering: ['Инженерно-строительный институт', 'Механико-машиностроительный факультет', 'Энергетический факультет'],
  management: ['Факультет менеджмента', 'Институт управления', 'Факультет психологии'],
  marketing: ['Факультет маркетинга', 'Факультет журналистики', 'Институт дизайна'],
  trade: ['Факультет торговли и сервиса', 'Институт экономики и управления', 'Факультет менеджмента'],
  vocational: ['Инженерный факультет', 'Факультет заочного обучения', 'Экономический факультет'],
  humanities: ['Филологический факультет', 'Факультет психологии', 'Исторический факультет'],
};

const COLLEGES: Record<Field, string[]> = {
  it: ['Колледж информатики и программирования', 'Колледж связи', 'Политехнический колледж'],
  economics: ['Финансово-экономический колледж', 'Колледж экономики и права', 'Торгово-экономический техникум'],
  law: ['Колледж экономики и права', 'Юридический колледж'],
  medicine: ['Медицинский колледж', 'Базовый медицинский колледж', 'Фармацевтический колледж'],
  pedagogy: ['Педагогический колледж', 'Колледж олимпийского резерва'],
  engineering: ['Строительный техникум', 'Политехнический колледж', 'Машиностроительный техникум'],
  management: ['Колледж сферы услуг', 'Колледж экономики и права'],
  marketing: ['Колледж рекламы и дизайна', 'Колледж сферы услуг'],
  trade: ['Торгово-экономический техникум', 'Колледж сферы услуг', 'Колледж индустрии питания и торговли'],
  vocational: [
    'Политехнический колледж',
    'Автотранспортный техникум',
    'Колледж индустрии питания и торговли',
    'Строительный техникум',
    'Технологический колледж',
    'Профессиональное училище',
  ],
  humanities: ['Педагогический колледж', 'Колледж сферы услуг'],
};

const COLLEGE_SPECIALTIES: Record<Field, string[]> = {
  it: ['Программирование в компьютерных системах', 'Сетевое и системное администрирование', 'Информационные системы'],
  economics: ['Экономика и бухгалтерский учёт', 'Банковское дело', 'Финансы'],
  law: ['Право и организация социального обеспечения', 'Правоохранительная деятельность'],
  medicine: ['Сестринское дело', 'Фармация', 'Лечебное дело', 'Лабораторная диагностика'],
  pedagogy: ['Дошкольное образование', 'Преподавание в начальных классах', 'Физическая культура'],
  engineering: ['Строительство и эксплуатация зданий и сооружений', 'Технология машиностроения', 'Электроснабжение'],
  management: ['Документационное обеспечение управления', 'Гостиничный сервис'],
  marketing: ['Реклама', 'Дизайн'],
  trade: ['Коммерция', 'Товароведение', 'Продавец, контролёр-кассир', 'Операционная деятельность в логистике'],
  vocational: [
    'Техническое обслуживание и ремонт автомобильного транспорта',
    'Сварочное производство',
    'Повар, кондитер',
    'Электромонтёр по ремонту и обслуживанию электрооборудования',
    'Мастер отделочных строительных работ',
    'Парикмахер',
    'Слесарь',
    'Автомеханик',
    'Технология продукции общественного питания',
  ],
  humanities: ['Социальная работа', 'Документационное обеспечение управления'],
};

const SCIENCE: Record<Field, string> = {
  it: 'технических',
  economics: 'экономических',
  law: 'юридических',
  medicine: 'медицинских',
  pedagogy: 'педагогических',
  engineering: 'технических',
  management: 'экономических',
  marketing: 'экономических',
  trade: 'экономических',
  vocational: 'технических',
  humanities: 'филологических',
};

// biome-ignore format: a data table
const LEVELS: Record<Tier, Weighted<string>> = {
  worker: Weighted.of([['secondary', 38], ['special_secondary', 52], ['unfinished_higher', 4], ['higher', 6]]),
  service: Weighted.of([['secondary', 12], ['special_secondary', 36], ['unfinished_higher', 12], ['higher', 32], ['bachelor', 8]]),
  office: Weighted.of([['special_secondary', 10], ['unfinished_higher', 7], ['higher', 60], ['bachelor', 12], ['master', 11]]),
  expert: Weighted.of([['special_secondary', 3], ['unfinished_higher', 5], ['higher', 55], ['bachelor', 13], ['master', 21], ['candidate', 3]]),
  top: Weighted.of([['higher', 62], ['master', 26], ['candidate', 10], ['doctor', 2]]),
};

const HIGHER = new Set(['higher', 'bachelor', 'master', 'candidate', 'doctor']);

/** The education level for a role's tier, capped by age (no master's at 19). */
export function educationLevel(rng: Rng, tier: Tier, field: Field, age: number): string {
  if (field === 'medicine' && tier === 'expert') return age >= 40 && rng.chance(0.05) ? 'candidate' : 'higher';
  let level = LEVELS[tier].draw(rng);
  if (age < 19 && level !== 'secondary') level = rng.chance(0.5) ? 'secondary' : 'special_secondary';
  else if (age < 22 && HIGHER.has(level)) level = rng.chance(0.6) ? 'unfinished_higher' : 'special_secondary';
  else if (age < 24 && (level === 'master' || level === 'candidate' || level === 'doctor')) level = 'bachelor';
  else if (age < 28 && (level === 'candidate' || level === 'doctor')) level = 'master';
  else if (age < 35 && level === 'doctor') level = 'candidate';
  return level;
}

function university(rng: Rng, field: Field, city: string): string {
  const kinds = KINDS_BY_FIELD[field];
  const fits = UNIVERSITIES.filter(([, , k]) => k.some((x) => kinds.includes(x)));
  const local = fits.filter(([, c]) => c === city);
  const list = local.length && rng.chance(0.75) ? local : fits;
  return rng.pick(list)[0];
}

/** hh `education.primary` entries for the level: a college, one or two universities, a dissertation. */
export function educationEntries(
  rng: Rng,
  level: string,
  field: Field,
  city: string,
  birthYear: number,
  nowYear: number,
  studies?: readonly string[],
): EducationEntry[] {
  const out: EducationEntry[] = [];
  const college = () => ({
    name: `${rng.pick(COLLEGES[field])}${rng.chance(0.5) ? ` № ${rng.int(1, 60)}` : ''} (г. ${city})`,
    organization: null,
    result: studies && rng.chance(0.8) ? rng.pick(studies) : rng.pick(COLLEGE_SPECIALTIES[field]),
    year: Math.min(nowYear, birthYear + rng.int(19, 21)),
  });
  const uni = (year: number, result?: string) => ({
    name: university(rng, field, city),
    organization: rng.pick(FACULTIES[field]),
    result: result ?? rng.pick(SPECIALTIES[field]),
    year,
  });
  switch (level) {
    case 'secondary':
      return [];
    case 'special_secondary':
      return [college()];
    case 'unfinished_higher':
      if (rng.chance(0.3)) out.push(college());
      out.push(uni(Math.max(nowYear + rng.int(0, 3), birthYear + 22)));
      return out;
    case 'bachelor':
      out.push(uni(Math.min(nowYear, birthYear + rng.int(21, 24))));
      return out;
    case 'higher':
      if (rng.chance(0.12)) out.push(college());
      out.push(uni(Math.min(nowYear, birthYear + rng.int(22, 25))));
      if (rng.chance(0.06)) out.push(uni(Math.min(nowYear, birthYear + rng.int(27, 35)), 'Второе высшее: Менеджмент'));
      return out;
    case 'master': {
      const bachelorYear = Math.min(nowYear - 2, birthYear + rng.int(21, 23));
      out.push(uni(bachelorYear));
      out.push({ ...uni(bachelorYear + 2), result: `Магистратура: ${rng.pick(SPECIALTIES[field])}` });
      return out;
    }
    default: {
      const y = Math.min(nowYear - 4, birthYear + rng.int(22, 24));
      out.push(uni(y));
      out.push({
        ...uni(Math.min(nowYear, y + rng.int(3, 8))),
        result: `Аспирантура, ${level === 'doctor' ? 'доктор' : 'кандидат'} ${SCIENCE[field]} наук`,
      });
      return out;
    }
  }
}
