import type { Vacancy, VacancyCreateBody } from '@hr/contract';

export type VacancyFormValues = {
  title: string;
  company: string;
  /** Our city id (the `search_city` value) and its name for the field. */
  city: string | null;
  cityTitle: string;
  address: string;
  salary_from: number | string;
  salary_to: number | string;
  workingType: string | null;
  schedule: string | null;
  experience: string | null;
  education: string | null;
  role: string | null;
  skills: string[];
  description: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
};

/** The order of the fields on the form: the first invalid one gets the focus. */
export const FIELD_ORDER = [
  'title',
  'company',
  'city',
  'address',
  'salary_from',
  'salary_to',
  'workingType',
  'schedule',
  'experience',
  'education',
  'role',
  'skills',
  'description',
  'contact_name',
  'contact_email',
  'contact_phone',
] as const;
export type VacancyField = (typeof FIELD_ORDER)[number];

export const fieldId = (field: string) => `vacancy-field-${field}`;

export function emptyValues(company = ''): VacancyFormValues {
  return {
    title: '',
    company,
    city: null,
    cityTitle: '',
    address: '',
    salary_from: '',
    salary_to: '',
    workingType: null,
    schedule: null,
    experience: null,
    education: null,
    role: null,
    skills: [],
    description: '',
    contact_name: '',
    contact_email: '',
    contact_phone: '',
  };
}

export function valuesOf(vacancy: Vacancy): VacancyFormValues {
  return {
    title: vacancy.title,
    company: vacancy.company ?? '',
    city: vacancy.city?.value ?? null,
    cityTitle: vacancy.city?.title ?? '',
    address: vacancy.address ?? '',
    salary_from: vacancy.salary_from ?? '',
    salary_to: vacancy.salary_to ?? '',
    workingType: vacancy.workingType?.value ?? null,
    schedule: vacancy.schedule?.value ?? null,
    experience: vacancy.experience?.value ?? null,
    education: vacancy.education?.value ?? null,
    role: vacancy.role?.value ?? null,
    skills: [...vacancy.skills],
    description: vacancy.description,
    contact_name: vacancy.contact_name ?? '',
    contact_email: vacancy.contact_email ?? '',
    contact_phone: vacancy.contact_phone ?? '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const money = (value: number | string) => (value === '' ? null : Number(value));
/** A half-typed mask «+7 (9» is no phone: sent as empty. */
const phone = (value: string) => (value.replace(/\D/g, '').length <= 1 ? null : value);

/** The body both calls take (PUT changes exactly these fields). */
export function bodyOf(values: VacancyFormValues, status: 'draft' | 'published' | undefined): VacancyCreateBody {
  const body: VacancyCreateBody = {
    title: values.title.trim(),
    company: orNull(values.company),
    city: values.city ?? '',
    address: orNull(values.address),
    salary_from: money(values.salary_from),
    salary_to: money(values.salary_to),
    workingType: values.workingType as VacancyCreateBody['workingType'],
    schedule: values.schedule as VacancyCreateBody['schedule'],
    experience: values.experience as VacancyCreateBody['experience'],
    education: values.education as VacancyCreateBody['education'],
    role: values.role,
    skills: values.skills,
    description: values.description,
    contact_name: orNull(values.contact_name),
    contact_email: orNull(values.contact_email),
    contact_phone: phone(values.contact_phone),
  };
  if (status) body.status = status;
  return body;
}
