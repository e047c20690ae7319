// The import report names a field by its path in the file (hh.ru's layout or a CSV column):
// `language[0].level.id`, `contact[0]`. An admin reads it in Russian first — «Языки, 1-й: уровень» —
// with the path kept beside it as a hint for finding the place in the file.

/** A field of a resume: its name, and for a list the ending of the ordinal of an item («1-й», «1-е»). */
type Field = { name: string; item?: 'й' | 'е' | 'я' };

const TOP: Record<string, Field> = {
  id: { name: 'Код резюме' },
  title: { name: 'Желаемая должность' },
  first_name: { name: 'Имя' },
  last_name: { name: 'Фамилия' },
  'first_name/last_name': { name: 'Имя и фамилия' },
  middle_name: { name: 'Отчество' },
  birth_date: { name: 'Дата рождения' },
  gender: { name: 'Пол' },
  area: { name: 'Город' },
  metro: { name: 'Метро' },
  salary: { name: 'Зарплата' },
  professional_roles: { name: 'Профессиональные роли', item: 'я' },
  specialization: { name: 'Специализации', item: 'я' },
  employments: { name: 'Тип занятости', item: 'й' },
  employment: { name: 'Тип занятости', item: 'й' },
  employment_form: { name: 'Форма занятости', item: 'я' },
  schedules: { name: 'График работы', item: 'й' },
  schedule: { name: 'График работы', item: 'й' },
  work_format: { name: 'Формат работы', item: 'й' },
  experience: { name: 'Места работы', item: 'е' },
  education: { name: 'Образование' },
  education_level: { name: 'Уровень образования' },
  language: { name: 'Языки', item: 'й' },
  languages: { name: 'Языки', item: 'й' },
  contact: { name: 'Контакты', item: 'й' },
  phone: { name: 'Телефон' },
  email: { name: 'Эл. почта' },
  telegram: { name: 'Telegram' },
  site: { name: 'Сайты и профили', item: 'й' },
  relocation: { name: 'Переезд' },
  relocation_areas: { name: 'Переезд: города', item: 'й' },
  business_trip_readiness: { name: 'Командировки' },
  driver_license_types: { name: 'Водительские права', item: 'я' },
  has_vehicle: { name: 'Есть автомобиль' },
  job_search_status: { name: 'Статус поиска работы' },
  skill_set: { name: 'Ключевые навыки', item: 'й' },
  skills: { name: 'О себе' },
  about: { name: 'О себе' },
  citizenship: { name: 'Гражданство', item: 'е' },
  created_at: { name: 'Дата создания' },
  updated_at: { name: 'Дата обновления' },
};

/** Parts inside a field, in lower case after the field's name. */
const PART: Record<string, Field> = {
  level: { name: 'уровень' },
  type: { name: 'тип' },
  name: { name: 'название' },
  amount: { name: 'сумма' },
  currency: { name: 'валюта' },
  company: { name: 'компания' },
  position: { name: 'должность' },
  start: { name: 'начало' },
  end: { name: 'окончание' },
  description: { name: 'описание' },
  organization: { name: 'факультет' },
  result: { name: 'специальность' },
  year: { name: 'год окончания' },
  value: { name: 'значение' },
  primary: { name: 'учебные заведения', item: 'е' },
  area: { name: 'города', item: 'й' },
  areas: { name: 'города', item: 'й' },
  url: { name: 'адрес' },
};

const SEGMENT = /^([a-z_/]+)(?:\[(\d+)\])?$/;

/**
 * «Языки, 1-й: уровень» for `language[0].level.id`; null for what is not a known field path (a CSV
 * heading in Russian, a message without a field), which is then shown as it is.
 */
export function importFieldName(path: string): string | null {
  const segments = path.split('.');
  // `….id` is the code of a dictionary value: the field itself to a reader.
  if (segments.length > 1 && segments[segments.length - 1] === 'id') segments.pop();
  const out: string[] = [];
  for (const [i, segment] of segments.entries()) {
    const m = SEGMENT.exec(segment);
    const field = m ? (i === 0 ? TOP : PART)[m[1] as string] : undefined;
    if (!m || !field) return null;
    const index = m[2];
    // A list's item without an ordinal ending (a list that is one field) still gets its number.
    const name = index === undefined ? field.name : `${field.name}, ${Number(index) + 1}-${field.item ?? 'й'}`;
    out.push(name);
  }
  return out.join(': ');
}
