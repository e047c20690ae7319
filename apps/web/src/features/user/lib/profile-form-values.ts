import type { Profile, ProfileUpdateBody } from '@hr/contract';

export type ProfileFormValues = {
  fio: string;
  phone: string;
  telegram_nickname: string;
  company: string;
  company_people_count: string | null;
  city_name: string;
  position: string;
  profession_area: string;
  tags: string[];
};

export function valuesOf(profile: Profile): ProfileFormValues {
  return {
    fio: profile.fio,
    phone: profile.phone ?? '',
    telegram_nickname: profile.telegram_nickname ?? '',
    company: profile.company ?? '',
    company_people_count: profile.company_people_count,
    city_name: profile.city_name ?? '',
    position: profile.position ?? '',
    profession_area: profile.profession_area ?? '',
    tags: [...profile.tags],
  };
}

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);

/**
 * Only what changed is sent (the server changes only the fields it gets): an untouched empty phone
 * of an old account, or a city the dictionary no longer spells the same, never blocks the rest.
 */
export function changedFields(initial: ProfileFormValues, current: ProfileFormValues): ProfileUpdateBody {
  const body: ProfileUpdateBody = {};
  const text = (key: 'fio' | 'phone' | 'company' | 'city_name' | 'position' | 'profession_area') => {
    if (current[key].trim() !== initial[key].trim()) body[key] = current[key].trim();
  };
  text('fio');
  text('phone');
  text('company');
  text('city_name');
  text('position');
  text('profession_area');
  const nickname = current.telegram_nickname.trim().replace(/^@/, '');
  if (nickname !== initial.telegram_nickname.trim()) body.telegram_nickname = nickname || null;
  if (current.company_people_count !== initial.company_people_count && current.company_people_count) {
    body.company_people_count = current.company_people_count as ProfileUpdateBody['company_people_count'];
  }
  if (!sameTags(current.tags, initial.tags)) body.tags = current.tags;
  return body;
}
